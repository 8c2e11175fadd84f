import { Chip, Stack } from '@mui/material';
import type { ReactNode } from 'react';
import { useGetOne, useTranslate } from 'react-admin';
import type { FieldReference } from '../../../domain/fields';

export interface FilterChip {
  key: string;
  /** the filter's i18n label */
  label: string;
  /** the value in words */
  value: ReactNode;
}

/**
 * Filters in words, a chip each ("Status: Active"): the list's filters in force beside a folded
 * filter form, each removing its filter (`onRemove`), or a summary that removes nothing (a bulk
 * action's "whole filtered set"). The one chip row of both kinds of list filter.
 */
export function FilterChipRow({ chips, onRemove, testId }: { chips: readonly FilterChip[]; onRemove?: (key: string) => void; testId?: string }) {
  const translate = useTranslate();
  if (chips.length === 0) return null;
  return (
    <Stack direction="row" useFlexGap flexWrap="wrap" spacing={1} data-testid={testId}>
      {chips.map((chip) => (
        <Chip
          key={chip.key}
          size="small"
          variant={onRemove ? undefined : 'outlined'}
          label={
            <>
              {translate(chip.label)}: <strong>{chip.value}</strong>
            </>
          }
          onDelete={onRemove ? () => onRemove(chip.key) : undefined}
        />
      ))}
    </Stack>
  );
}

/** A filtered-on record by its name (and its `detail` in brackets: a store's code). */
export function ReferenceText({ reference, id }: { reference: FieldReference; id: string }) {
  const { data } = useGetOne(reference.resource, { id });
  if (!data) return <>…</>;
  return <>{reference.detail ? `${data[reference.optionText]} (${data[reference.detail]})` : String(data[reference.optionText])}</>;
}
