import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { AdminContext, Notification, type AuthProvider } from 'react-admin';
import { MemoryRouter } from 'react-router-dom';
import { createI18nProvider } from '../i18n/i18nProvider';
import { createQueryClient } from '../dataProvider/queryClient';

/** Renders a component inside react-admin's contexts (translate, notify, auth) at `path`. */
export async function renderWithAdmin(ui: ReactElement, { path = '/', authProvider }: { path?: string; authProvider?: AuthProvider } = {}) {
  const i18nProvider = await createI18nProvider();
  return render(
    <MemoryRouter initialEntries={[path]}>
      <AdminContext i18nProvider={i18nProvider} authProvider={authProvider} queryClient={createQueryClient()}>
        {ui}
        <Notification />
      </AdminContext>
    </MemoryRouter>,
  );
}
