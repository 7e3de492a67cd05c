import { type Dish, pictureOf } from '@carte/domain';
import { Badge, Group, Text } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { formatPrice } from '../../ui/format.ts';
import classes from './dish-thumb.module.css';

const iconSize = { table: 18, pick: 16, mini: 14 } as const;

/**
 * A dish's picture, or a photo icon where it has none: `table` 80×50 (doc 1 §9, dish tables),
 * `pick` 48×32 (pickers), `mini` 40×25 (lists inside a category).
 */
export function DishThumb({
  dish,
  size = 'table',
}: {
  dish: Pick<Dish, 'image' | 'imageVariants'> | undefined;
  size?: keyof typeof iconSize;
}) {
  const image = dish ? pictureOf(dish.image, dish.imageVariants) : null;
  return image ? (
    <img src={image.thumb} alt="" className={classes.thumb} data-size={size} loading="lazy" />
  ) : (
    <span className={classes.thumb} data-size={size} data-empty>
      <IconPhoto size={iconSize[size]} stroke={1.5} aria-hidden />
    </span>
  );
}

/** A picker's line for a dish: its name, price and, when off, "Unavailable". */
export function DishSummary({ dish }: { dish: Pick<Dish, 'name' | 'price' | 'isAvailable'> }) {
  return (
    <div className={classes.summary}>
      <Text size="sm" fw={500} truncate>
        {dish.name}
      </Text>
      <Group gap={6} wrap="nowrap">
        <Text size="xs" c="dimmed">
          {formatPrice(dish.price)}
        </Text>
        {!dish.isAvailable && (
          <Badge size="xs" variant="light" color="gray">
            Unavailable
          </Badge>
        )}
      </Group>
    </div>
  );
}
