import { Box, Button, CircularProgress } from '@mui/material';
import { useInfinitePaginationContext, useListContext } from 'react-admin';

/**
 * Pagination for an InfiniteList: SPEC §2 lists have a load-more button (the API gives no exact
 * total, only whether a next page exists). Nothing shows once the last page is in. The label
 * comes from the area's texts.
 */
export function LoadMoreButton({ label }: { label: string }) {
  const { hasNextPage, fetchNextPage, isFetchingNextPage } = useInfinitePaginationContext();
  const { data } = useListContext();
  if (!hasNextPage || !data?.length) return null;
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', py: 2 }}>
      <Button
        variant="outlined"
        onClick={() => void fetchNextPage()}
        disabled={isFetchingNextPage}
        startIcon={isFetchingNextPage ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {label}
      </Button>
    </Box>
  );
}
