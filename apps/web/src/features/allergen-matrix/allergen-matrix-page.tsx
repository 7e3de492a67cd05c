import {
  ALLERGEN_KEYS,
  type AllergenMatrix,
  type AllergenMatrixDish,
  type MatrixCell,
  matrixCell,
  matrixMarks,
} from '@carte/domain';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  EmptyState,
  Group,
  ScrollArea,
  Stack,
  Text,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowLeft, IconPrinter, IconTags, IconToolsKitchen2 } from '@tabler/icons-react';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { allergenRecordsApi, useAllergenMatrix } from '../../api/allergen-records.api.ts';
import { formatDateTime } from '../../ui/dates.ts';
import { errorMessage, notifyFailure } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { useCan } from '../../ui/use-can.ts';
import classes from './allergen-matrix.module.css';

const LEGEND: { cell: MatrixCell; words: string }[] = [
  { cell: 'contains', words: 'Contains' },
  { cell: 'mayContain', words: 'May contain (traces, cross-contact)' },
  { cell: 'free', words: 'Free: declared without it' },
  { cell: 'unknown', words: 'Not declared: ask the owner to confirm the dish' },
];

/** Who and when the dish's declaration last changed, in the viewer's date order. */
function lastChangeText(dish: AllergenMatrixDish): string {
  const change = dish.lastChange;
  if (!change) return 'No change kept';
  const via = change.ingredient ? ` (${change.ingredient})` : '';
  return `${formatDateTime(change.createdAt)} · ${change.username}${via}`;
}

/**
 * /menus/:id/allergens (issue 23 §6): the menu's dishes × the 14 regulated allergens, for the kitchen
 * and the inspector: ● contains, ◐ may contain, – free, ? not declared, each with its words for
 * screen readers and a legend for the eye (never colour alone), and who last changed each dish's
 * declaration. "Print" opens the same table as an A4 PDF.
 */
export function AllergenMatrixPage() {
  const { id = '' } = useParams();
  const can = useCan();
  // The route's rule (the menu flag) is checked by the router's guard, as the server checks it.
  return <MatrixScreen menuId={id} canMapFoodTypes={can('dish')} />;
}

function MatrixScreen({ menuId, canMapFoodTypes }: { menuId: string; canMapFoodTypes: boolean }) {
  const matrix = useAllergenMatrix(menuId);
  const [printing, setPrinting] = useState(false);

  const print = async () => {
    // Opened at the click, so no pop-up blocker stops it; filled when the file arrives.
    const tab = window.open('', '_blank');
    setPrinting(true);
    try {
      const blob = await allergenRecordsApi.matrixPdf(menuId);
      const url = URL.createObjectURL(blob);
      if (tab) tab.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      tab?.close();
      notifyFailure(error);
    } finally {
      setPrinting(false);
    }
  };

  if (matrix.isPending) return <PageLoader />;
  if (matrix.isError)
    return (
      <Center mih="50vh">
        <EmptyState
          icon={<IconToolsKitchen2 size={26} stroke={1.6} />}
          withIndicatorBackground
          title="Menu not found"
          description={errorMessage(matrix.error)}
        >
          <EmptyState.Actions>
            <Button component={Link} to="/" variant="light">
              Back to dashboard
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    );

  const data = matrix.data;
  const dishes = data.categories.flatMap((category) => category.dishes);
  const undeclared = dishes.filter((dish) => !dish.allergens.declared).length;

  return (
    <Stack gap="lg">
      <PageHeader
        title={`Allergen matrix — ${data.menu.name}`}
        description="Every dish of this menu against the 14 regulated allergens, as its ingredients and the kitchen declare them."
        actions={
          <>
            <Button
              component={Link}
              to={`/create-menu?id=${menuId}`}
              variant="default"
              leftSection={<IconArrowLeft size={16} />}
            >
              Back to menu
            </Button>
            <Button leftSection={<IconPrinter size={16} />} onClick={() => void print()} loading={printing}>
              Print PDF
            </Button>
          </>
        }
      />

      {undeclared > 0 && (
        <Alert color="yellow" variant="light" title={`${undeclared} of ${dishes.length} dishes not declared`}>
          A dish is declared once its owner confirms its allergens in the dish form; until then guests read
          “Allergens not declared — ask the staff”.
          {canMapFoodTypes && (
            <>
              {' '}
              <Anchor component={Link} to="/allergens/food-types">
                Turn your existing food types into declarations
              </Anchor>
              .
            </>
          )}
        </Alert>
      )}

      <Card padding="md">
        <Text fw={700} size="sm" mb={6} id="matrix-legend">
          Legend
        </Text>
        <ul className={classes.legend} aria-labelledby="matrix-legend">
          {LEGEND.map((item) => (
            <li key={item.cell}>
              <span className={classes.legendMark} aria-hidden>
                {matrixMarks[item.cell].mark}
              </span>
              <Text span size="sm">
                {item.words}
              </Text>
            </li>
          ))}
        </ul>
      </Card>

      {dishes.length === 0 ? (
        <Card padding="lg">
          <Text c="dimmed">This menu holds no dishes yet: add categories with dishes to it.</Text>
        </Card>
      ) : (
        <Stack gap={6}>
          <Text size="sm" c="dimmed" hiddenFrom="md">
            Swipe the table sideways for all 14 allergens and the last change.
          </Text>
          <MatrixTable data={data} />
        </Stack>
      )}
      {canMapFoodTypes && (
        <Group>
          <Button
            component={Link}
            to="/allergens/food-types"
            variant="subtle"
            leftSection={<IconTags size={16} />}
          >
            Map food types to allergens
          </Button>
        </Group>
      )}
    </Stack>
  );
}

function MatrixTable({ data }: { data: AllergenMatrix }) {
  const names = new Map(data.allergens.map((allergen) => [allergen.key, allergen]));
  return (
    <ScrollArea type="auto" className={classes.scroller} offsetScrollbars="x">
      <table className={classes.table}>
        <caption>
          <VisuallyHidden>
            Allergens of each dish of {data.menu.name}: contains, may contain, free or not declared, and the
            last change of its declaration
          </VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col" className={classes.dishCell} style={{ verticalAlign: 'bottom' }}>
              Dish
            </th>
            {ALLERGEN_KEYS.map((key) => {
              const allergen = names.get(key)!;
              return (
                <th key={key} scope="col" className={classes.allergenHead}>
                  <abbr className={classes.allergenName} title={allergen.name}>
                    {allergen.short}
                  </abbr>
                </th>
              );
            })}
            <th
              scope="col"
              style={{ verticalAlign: 'bottom', textAlign: 'left' }}
              className={classes.changed}
            >
              Last change
            </th>
          </tr>
        </thead>
        <tbody>
          {data.categories.map((category) => (
            <CategoryRows key={category._id} category={category} names={names} />
          ))}
        </tbody>
      </table>
    </ScrollArea>
  );
}

function CategoryRows({
  category,
  names,
}: {
  category: AllergenMatrix['categories'][number];
  names: Map<string, AllergenMatrix['allergens'][number]>;
}) {
  return (
    <>
      <tr className={classes.categoryRow}>
        <th scope="colgroup" colSpan={ALLERGEN_KEYS.length + 2}>
          {category.name}
        </th>
      </tr>
      {category.dishes.map((dish) => (
        <tr key={dish._id}>
          <th scope="row" className={classes.dishCell}>
            <Group gap={6} wrap="nowrap">
              <Anchor component={Link} to={`/update-dish/${dish._id}`} size="sm" c="inherit" lineClamp={2}>
                {dish.name}
              </Anchor>
              {!dish.allergens.declared && (
                <Badge size="xs" color="yellow" variant="light" visibleFrom="sm">
                  Not declared
                </Badge>
              )}
            </Group>
          </th>
          {ALLERGEN_KEYS.map((key) => {
            const cell = matrixCell(dish.allergens, key);
            const words = `${matrixMarks[cell].label}: ${names.get(key)!.short}`;
            return (
              <td key={key} className={classes.cell} data-state={cell} title={words}>
                <span aria-hidden>{matrixMarks[cell].mark}</span>
                <VisuallyHidden>{words}</VisuallyHidden>
              </td>
            );
          })}
          <td className={classes.changed}>{lastChangeText(dish)}</td>
        </tr>
      ))}
    </>
  );
}
