import { Box } from '@mui/material';
import { Link } from 'react-router-dom';

/** The logo, a link home. White artwork, for the red header and panel. */
export function BrandLogo({ height = 32 }: { height?: number }) {
  return (
    <Box component={Link} to="/" sx={{ display: 'inline-flex', alignItems: 'center' }}>
      <img src="/logo.svg" alt="Tessera" height={height} />
    </Box>
  );
}
