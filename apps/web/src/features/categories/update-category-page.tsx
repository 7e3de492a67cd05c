import { messages } from '@carte/domain';
import { Alert, Anchor, Button, Card, Center, EmptyState, Stack } from '@mantine/core';
import { IconArrowLeft, IconCategory, IconLock } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { useCategory } from '../../api/categories.api.ts';
import { errorMessage } from '../../ui/notify.ts';
import { PageHeader } from '../../ui/page-header.tsx';
import { PageLoader } from '../../ui/page-loader.tsx';
import { CategoryForm } from './category-form.tsx';

/** /update-category/{id} (doc 1 §2): the category form for one category. */
export function UpdateCategoryPage() {
  const { id } = useParams();
  const category = useCategory(id);

  if (category.isLoading) return <PageLoader />;
  if (!category.data) {
    return (
      <Center mih="50vh">
        <EmptyState
          icon={<IconCategory size={26} stroke={1.6} />}
          withIndicatorBackground
          title="Category not found"
          description={
            category.error ? errorMessage(category.error) : 'This category does not exist any more.'
          }
        >
          <EmptyState.Actions>
            <Button component={Link} to="/create-category" variant="light">
              Back to categories
            </Button>
          </EmptyState.Actions>
        </EmptyState>
      </Center>
    );
  }

  const readOnly = category.data.fromParent;
  return (
    <Stack gap="lg">
      <Anchor component={Link} to="/create-category" size="sm" c="dimmed">
        <IconArrowLeft size={14} style={{ verticalAlign: -2 }} /> Categories
      </Anchor>
      <PageHeader
        title={category.data.name}
        description="Rename the category, set its availability and dishes."
      />
      {readOnly ? (
        <Alert color="yellow" variant="light" icon={<IconLock size={18} />}>
          {messages.readOnlyFromParent}
        </Alert>
      ) : (
        <Card padding="lg">
          <CategoryForm key={category.data._id} category={category.data} />
        </Card>
      )}
    </Stack>
  );
}
