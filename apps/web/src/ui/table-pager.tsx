import { pagerItems } from '@carte/domain';
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import classes from './paginated-table.module.css';

interface TablePagerProps {
  page: number;
  totalPages: number;
  onChange: (page: number) => void;
  /** Names the list for screen readers ("Dishes pages"). */
  label?: string;
}

/** The pager of doc 1 §9: first and last page, two pages each side of the current, ellipses between. */
export function TablePager({ page, totalPages, onChange, label = 'Pages' }: TablePagerProps) {
  if (totalPages <= 1) return null;
  return (
    <Group component="nav" aria-label={label} gap={4} justify="center" wrap="wrap">
      <ActionIcon
        variant="default"
        size={32}
        onClick={() => onChange(page - 1)}
        disabled={page <= 1}
        aria-label="Previous page"
      >
        <IconChevronLeft size={16} />
      </ActionIcon>
      {pagerItems(page, totalPages).map((item, index) =>
        item === 'ellipsis' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: an ellipsis has no identity but its place
          <Text key={`ellipsis-${index}`} c="dimmed" w={24} ta="center" aria-hidden>
            …
          </Text>
        ) : (
          <UnstyledButton
            key={item}
            className={classes.page}
            data-active={item === page || undefined}
            aria-current={item === page ? 'page' : undefined}
            aria-label={`Page ${item}`}
            onClick={() => onChange(item)}
          >
            {item}
          </UnstyledButton>
        ),
      )}
      <ActionIcon
        variant="default"
        size={32}
        onClick={() => onChange(page + 1)}
        disabled={page >= totalPages}
        aria-label="Next page"
      >
        <IconChevronRight size={16} />
      </ActionIcon>
    </Group>
  );
}
