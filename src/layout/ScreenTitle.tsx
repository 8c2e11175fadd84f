import { Suspense } from 'react';
import { lazyWithReload } from '../components/lazyWithReload';

const Title = lazyWithReload(() => import('./raTitle'));

/**
 * react-admin's `<Title>` (the title in the shell's header), downloaded when a page first shows
 * one: the pages that the sign-in page's JavaScript carries (not found, access denied, no
 * permissions) name themselves in the header a moment after they show, and the sign-in page does
 * not carry react-admin's configurable title (issue 45).
 */
export function ScreenTitle({ title }: { title: string }) {
  return (
    <Suspense fallback={null}>
      <Title title={title} />
    </Suspense>
  );
}
