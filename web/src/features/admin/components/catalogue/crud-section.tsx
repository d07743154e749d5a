import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { useRevalidate } from '@/features/admin/api/keys';
import { saveRow, type Collection } from '@/features/admin/api/catalogue';
import { Panel } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Table, Td } from '@/features/admin/components/common/table';
import { RowEditor, type FieldSpec } from '@/features/admin/components/catalogue/row-editor';


/** A catalogue table with add and edit (PATCH sends the form's fields). */
export function CrudSection<T extends { id: number }>({
  title,
  collection,
  rows,
  loading,
  error,
  columns,
  fields,
  defaults,
  nameOf,
  extraActions,
}: {
  title: string;
  collection: Collection;
  rows: T[] | undefined;
  loading: boolean;
  error: unknown;
  columns: { label: string; cell: (row: T) => ReactNode }[];
  fields: FieldSpec[];
  defaults: Record<string, unknown>;
  nameOf: (row: T) => string;
  extraActions?: (row: T) => ReactNode;
}) {
  const { t } = useTranslation();
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState<T | 'new' | null>(null);
  const save = async (body: Record<string, unknown>) => {
    await saveRow(collection, editing === 'new' || editing === null ? undefined : editing.id, body);
    await revalidate('catalogue', 'audit');
  };
  return (
    <Panel title={title} actions={<Button onClick={() => setEditing('new')}>{t('admin.catalogue.add')}</Button>}>
      <QueryState loading={loading} error={error} empty={rows?.length === 0}>
        <Table label={title} head={[...columns.map((column) => column.label), '']}>
          {rows?.map((row) => (
            <tr key={row.id}>
              {columns.map((column) => (
                <Td key={column.label}>{column.cell(row)}</Td>
              ))}
              <Td>
                <span className="flex justify-end gap-2">
                  {extraActions?.(row)}
                  <Button variant="secondary" className="min-h-9 px-3" onClick={() => setEditing(row)} aria-label={t('admin.catalogue.editNamed', { name: nameOf(row) })}>
                    {t('admin.catalogue.edit')}
                  </Button>
                </span>
              </Td>
            </tr>
          ))}
        </Table>
      </QueryState>
      {editing && (
        <RowEditor
          key={editing === 'new' ? 'new' : editing.id}
          open
          title={editing === 'new' ? t('admin.catalogue.addTitle', { what: title }) : t('admin.catalogue.editTitle', { name: nameOf(editing) })}
          fields={fields}
          initial={editing === 'new' ? defaults : (editing)}
          onClose={() => setEditing(null)}
          onSave={save}
        />
      )}
    </Panel>
  );
}
