import { useEffect } from 'react';

/** The browser tab names the screen: "<screen> · Tessera" (the header and the page's h1 name it too). */
export function useDocumentTitle(text: string | undefined) {
  useEffect(() => {
    if (text) document.title = `${text} · Tessera`;
  }, [text]);
}
