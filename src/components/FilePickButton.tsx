import { Button, CircularProgress } from '@mui/material';
import { useRef, type ReactNode } from 'react';

/**
 * A real button that opens a hidden file picker (a <label> styled as a button is not pressed by
 * Enter), a spinner while `busy`; the picker is emptied after each choice so the same file can be
 * chosen again after an edit.
 */
export function FilePickButton({ label, accept, busy = false, icon, testId, onFile }: { label: string; accept: string; busy?: boolean; icon?: ReactNode; testId?: string; onFile: (file: File) => void }) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button variant="contained" startIcon={busy ? <CircularProgress size={16} color="inherit" /> : icon} disabled={busy} onClick={() => input.current?.click()}>
        {label}
      </Button>
      <input
        ref={input}
        type="file"
        accept={accept}
        hidden
        aria-label={label}
        data-testid={testId}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onFile(file);
        }}
      />
    </>
  );
}
