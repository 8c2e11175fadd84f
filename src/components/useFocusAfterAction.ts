import { useCallback, useEffect, useRef, type RefObject } from 'react';

/** Focus fell off the page (its control gone); once the action has run (`settled`), a control left disabled counts too. */
const fallen = (active: Element | null, doc: Document, settled: boolean) => !active || active === doc.body || !doc.contains(active) || (settled && (active as HTMLButtonElement).disabled === true);

/**
 * Focus after an action (issue 43): the action's button is disabled while it runs and the
 * refreshed record offers other controls (or none), so focus would fall to the page's body. Until
 * the user moves focus elsewhere, whenever it has fallen there it goes to the enabled control
 * (`controls`, a selector inside `root`) that carries on from the action (`prefer`), else — unless
 * `firstAsFallback` is false — the first enabled control, else the page's heading (h1, made
 * focusable by script). A question asked on the way (a dialog) is not "elsewhere".
 * `acted(action)` when the action starts; `settle()` when it has run and the page shows it (to
 * place focus at once rather than on the next change of the page).
 */
export function useFocusAfterAction<A extends string>(
  root: RefObject<HTMLElement | null>,
  {
    controls,
    prefer,
    shown = true,
    firstAsFallback = true,
  }: {
    controls: string;
    prefer?: (action: A, control: HTMLElement) => boolean;
    /** the root's content is on the page (the observer starts again when it comes) */
    shown?: boolean;
    firstAsFallback?: boolean;
  },
) {
  const pending = useRef<A | null>(null);
  const options = useRef({ controls, prefer, firstAsFallback });
  options.current = { controls, prefer, firstAsFallback };

  const place = useCallback((settled = false) => {
    const action = pending.current;
    const element = root.current;
    if (!action || !element) return;
    const doc = element.ownerDocument;
    if (!fallen(doc.activeElement, doc, settled)) return;
    const { controls: selector, prefer: carriesOn, firstAsFallback: first } = options.current;
    const enabled = [...element.querySelectorAll<HTMLElement>(selector)].filter((control) => !(control as HTMLButtonElement).disabled);
    const following = carriesOn ? enabled.find((control) => carriesOn(action, control)) : undefined;
    const target: HTMLElement | null = following ?? (first ? enabled[0] : undefined) ?? element.querySelector<HTMLElement>('h1') ?? doc.querySelector<HTMLElement>('main h1, h1');
    if (!target) return;
    if (target.tagName === 'H1') target.tabIndex = -1;
    target.focus();
  }, [root]);

  useEffect(() => {
    // re-checked on every change inside the root (a control disabled, removed or added)
    const observer = new MutationObserver(() => place());
    if (root.current) observer.observe(root.current, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
    const leave = (event: FocusEvent) => {
      if (!pending.current || !(event.target instanceof Element) || root.current?.contains(event.target)) return;
      if (event.target.closest('[role="dialog"], .MuiModal-root')) return;
      pending.current = null;
    };
    document.addEventListener('focusin', leave);
    return () => {
      observer.disconnect();
      document.removeEventListener('focusin', leave);
    };
  }, [root, shown, place]);

  const acted = useCallback((action: A) => {
    pending.current = action;
  }, []);
  const settle = useCallback(() => {
    place(true);
    requestAnimationFrame(() => place(true));
  }, [place]);
  return { acted, settle };
}
