import { Box, Paper, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** The frame of the full-message pages (not found, no permissions, error, placeholders). */
export function MessagePage({ icon, title, message, children }: { icon?: ReactNode; title: string; message: string; children?: ReactNode }) {
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', p: { xs: 2, md: 6 } }}>
      <Paper variant="outlined" sx={{ p: { xs: 3, md: 5 }, maxWidth: 640, width: '100%', textAlign: 'center' }}>
        {icon && <Box sx={{ color: 'primary.main', mb: 2, '& svg': { fontSize: 56 } }}>{icon}</Box>}
        <Typography variant="h5" component="h1" gutterBottom>
          {title}
        </Typography>
        <Typography color="text.secondary">{message}</Typography>
        {children && <Box sx={{ mt: 3 }}>{children}</Box>}
      </Paper>
    </Box>
  );
}
