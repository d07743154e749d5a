import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { saveRow, useGames, useProducts } from '@/features/admin/api/catalogue';
import { useRevalidate } from '@/features/admin/api/keys';
import type { Product } from '@/features/admin/api/types';
import { Badge } from '@/features/admin/components/common/badge';
import { SelectField } from '@/components/ui/fields';
import { Kyat } from '@/features/admin/components/common/kyat';
import { Pager } from '@/features/admin/components/common/pager';
import { Panel } from '@/features/admin/components/common/panel';
import { QueryState } from '@/features/admin/components/common/query-state';
import { Table, Td } from '@/features/admin/components/common/table';
import { CodeImport } from '@/features/admin/components/catalogue/code-import';
import { CredentialsPanel } from '@/features/admin/components/catalogue/credentials-panel';
import { RowEditor, type FieldSpec } from '@/features/admin/components/catalogue/row-editor';
import { YesNo } from '@/features/admin/components/catalogue/yes-no';

type Editing = { product: Product | null; panel: 'edit' | 'credentials' | 'codes' };

/** Products of all three kinds: prices, flags, images, data; logins for accounts, codes for code products. */
export function ProductsSection() {
  const { t } = useTranslation();
  const [kind, setKind] = useState('');
  const [gameId, setGameId] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data, error, isLoading } = useProducts({ kind, game_id: gameId ? Number(gameId) : undefined, q, page });
  const games = useGames().data ?? [];
  const revalidate = useRevalidate();
  const [editing, setEditing] = useState<Editing | null>(null);

  const fields: FieldSpec[] = [
    { name: 'game_id', label: t('admin.catalogue.game'), type: 'select', options: games.map((game) => ({ value: String(game.id), label: game.name })) },
    { name: 'sku', label: t('admin.catalogue.sku'), type: 'text' },
    { name: 'name', label: t('admin.catalogue.nameEn'), type: 'text' },
    { name: 'name_my', label: t('admin.catalogue.nameMy'), type: 'text' },
    { name: 'description', label: t('admin.catalogue.description'), type: 'textarea' },
    { name: 'price', label: t('admin.catalogue.price'), type: 'number' },
    { name: 'fake_price', label: t('admin.catalogue.fakePrice'), type: 'optionalNumber', hint: t('admin.catalogue.fakePriceHint') },
    { name: 'discount_percent', label: t('admin.catalogue.discount'), type: 'number' },
    { name: 'img_url', label: t('admin.catalogue.image'), type: 'image' },
    { name: 'preview_img', label: t('admin.catalogue.previews'), type: 'images', hint: t('admin.catalogue.previewsHint') },
    { name: 'data', label: t('admin.catalogue.data'), type: 'json', hint: t('admin.catalogue.dataHint') },
    { name: 'sort', label: t('admin.catalogue.sort'), type: 'number', hint: t('admin.catalogue.productSortHint') },
    { name: 'is_pass', label: t('admin.catalogue.pass'), type: 'checkbox' },
    { name: 'is_popular', label: t('admin.catalogue.popular'), type: 'checkbox' },
    { name: 'is_active', label: t('admin.catalogue.active'), type: 'checkbox' },
    { name: 'is_sold', label: t('admin.catalogue.sold'), type: 'checkbox' },
  ];

  return (
    <Panel title={t('admin.catalogue.products')} actions={<Button onClick={() => setEditing({ product: null, panel: 'edit' })}>{t('admin.catalogue.add')}</Button>}>
      <div className="mb-3 grid gap-3 sm:grid-cols-3">
        <SelectField
          label={t('admin.catalogue.kind')}
          value={kind}
          onChange={(event) => {
            setKind(event.target.value);
            setPage(1);
          }}
          options={[{ value: '', label: t('admin.common.all') }, ...(['coin', 'code', 'account'] as const).map((value) => ({ value, label: t(`admin.kinds.${value}`) }))]}
        />
        <SelectField
          label={t('admin.catalogue.game')}
          value={gameId}
          onChange={(event) => {
            setGameId(event.target.value);
            setPage(1);
          }}
          options={[{ value: '', label: t('admin.common.all') }, ...games.map((game) => ({ value: String(game.id), label: game.name }))]}
        />
        <TextField label={t('admin.common.search')} type="search" value={q} onChange={(event) => { setQ(event.target.value); setPage(1); }} />
      </div>
      <QueryState loading={isLoading} error={error} empty={data?.data.length === 0}>
        <Table label={t('admin.catalogue.products')} head={[t('admin.catalogue.name'), t('admin.catalogue.kind'), t('admin.catalogue.price'), t('admin.catalogue.stock'), t('admin.catalogue.flags'), '']}>
          {data?.data.map((product) => (
            <tr key={product.id}>
              <Td>
                <span className="font-semibold">{product.name}</span>
                <span className="block text-xs text-muted">{product.game_name} · {product.sku ?? '—'}</span>
              </Td>
              <Td>{product.kind ? t(`admin.kinds.${product.kind}`) : '—'}</Td>
              <Td>
                <Kyat value={product.price} />
                {product.fake_price !== null && <Kyat value={product.fake_price} className="block text-xs text-muted line-through" />}
                {product.discount_percent > 0 && <Badge tone="info">−{product.discount_percent}%</Badge>}
              </Td>
              <Td>
                {product.kind === 'code' && (
                  <Badge tone={(product.codes_available ?? 0) === 0 ? 'bad' : 'neutral'}>{t('admin.catalogue.available', { count: product.codes_available ?? 0 })}</Badge>
                )}
                {product.kind === 'account' && <YesNo value={Boolean(product.has_credentials)} yes={t('admin.credentials.stored')} no={t('admin.credentials.none')} />}
                {product.kind === 'coin' && '—'}
              </Td>
              <Td>
                <span className="flex flex-wrap gap-1">
                  {product.is_pass && <Badge tone="info">{t('admin.catalogue.passBadge')}</Badge>}
                  {product.is_popular && <Badge tone="info">{t('admin.catalogue.popular')}</Badge>}
                  {!product.is_active && <Badge>{t('admin.catalogue.inactive')}</Badge>}
                  {product.is_sold && <Badge tone="warn">{t('admin.catalogue.sold')}</Badge>}
                </span>
              </Td>
              <Td>
                <span className="flex justify-end gap-2">
                  {product.kind === 'code' && (
                    <Button variant="secondary" className="min-h-9 px-3" onClick={() => setEditing({ product, panel: 'codes' })} aria-label={t('admin.codes.importFor', { name: product.name })}>
                      {t('admin.catalogue.codes')}
                    </Button>
                  )}
                  {product.kind === 'account' && (
                    <Button variant="secondary" className="min-h-9 px-3" onClick={() => setEditing({ product, panel: 'credentials' })} aria-label={t('admin.credentials.for', { name: product.name })}>
                      {t('admin.catalogue.login')}
                    </Button>
                  )}
                  <Button variant="secondary" className="min-h-9 px-3" onClick={() => setEditing({ product, panel: 'edit' })} aria-label={t('admin.catalogue.editNamed', { name: product.name })}>
                    {t('admin.catalogue.edit')}
                  </Button>
                </span>
              </Td>
            </tr>
          ))}
        </Table>
        {data && <Pager page={data.current_page} lastPage={data.last_page} onPage={setPage} />}
      </QueryState>
      {editing?.panel === 'edit' && (
        <RowEditor
          key={editing.product?.id ?? 'new'}
          open
          title={editing.product ? t('admin.catalogue.editTitle', { name: editing.product.name }) : t('admin.catalogue.addTitle', { what: t('admin.catalogue.products') })}
          fields={fields}
          initial={(editing.product as unknown as Record<string, unknown>) ?? { game_id: games[0]?.id ?? '', price: '', discount_percent: 0, sort: 0, is_active: true, data: {} }}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            await saveRow('products', editing.product?.id, body);
            await revalidate('catalogue', 'audit');
          }}
        />
      )}
      {editing && editing.product && editing.panel !== 'edit' && (
        <Dialog open onClose={() => setEditing(null)} title={editing.panel === 'codes' ? t('admin.codes.importFor', { name: editing.product.name }) : t('admin.credentials.for', { name: editing.product.name })}>
          <div className="-mx-2 max-h-[65dvh] overflow-y-auto px-2 pt-1">
            {editing.panel === 'codes' ? <CodeImport productId={editing.product.id} /> : <CredentialsPanel product={editing.product} />}
          </div>
        </Dialog>
      )}
    </Panel>
  );
}
