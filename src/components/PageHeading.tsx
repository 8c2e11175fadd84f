import { Typography } from '@mui/material';
import { Title } from 'react-admin';
import { useDocumentTitle } from './useDocumentTitle';

/** The page title in the header bar, as the page's h1 and in the browser tab. */
export function PageHeading({ title }: { title: string }) {
  useDocumentTitle(title);
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
    </>
  );
}
