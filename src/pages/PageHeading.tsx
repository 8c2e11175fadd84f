import { Typography } from '@mui/material';
import { Title } from 'react-admin';

/** The page title in the header bar and as the page's h1. */
export function PageHeading({ title }: { title: string }) {
  return (
    <>
      <Title title={title} />
      <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
        {title}
      </Typography>
    </>
  );
}
