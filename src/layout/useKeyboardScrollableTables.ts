import { useEffect } from 'react';

const WRAPPER = '.RaDataTable-tableWrapper';

function update(root: ParentNode) {
  for (const wrapper of root.querySelectorAll<HTMLElement>(WRAPPER)) {
    const overflows = wrapper.scrollWidth > wrapper.clientWidth + 1;
    if (overflows && !wrapper.hasAttribute('tabindex')) {
      wrapper.tabIndex = 0;
      wrapper.dataset.keyboardScroll = 'true';
    } else if (!overflows && wrapper.dataset.keyboardScroll) {
      wrapper.removeAttribute('tabindex');
      delete wrapper.dataset.keyboardScroll;
    }
  }
}

/**
 * A table that scrolls sideways inside its card (components/scrollableTable.ts) can be scrolled
 * from the keyboard: while it overflows, its wrapper takes the focus (WCAG 2.1.1, axe
 * scrollable-region-focusable), and the arrow keys scroll it. One observer for the whole shell,
 * so every DataTable gets it without each screen doing anything.
 */
export function useKeyboardScrollableTables() {
  useEffect(() => {
    let frame = 0;
    const schedule = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => update(document));
    };
    const observer = new MutationObserver(schedule);
    observer.observe(document.body, { childList: true, subtree: true });
    window.addEventListener('resize', schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
      window.removeEventListener('resize', schedule);
    };
  }, []);
}
