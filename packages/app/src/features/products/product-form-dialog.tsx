import { useMutation } from '@tanstack/react-query';
import { createProductMutationOptions, updateProductMutationOptions } from '@tsumiki/api-client/react';
import { Select, TagInput, Textarea, TextField } from '@tsumiki/ui';
import { useTenantApi } from '../../app/use-tenant-api';
import { toFullWidthKatakana, toHalfWidthDigits } from '../../lib/kana';
import { EditorDialog, type EditorFormProps } from '../forms/editor-dialog';
import { FormFailure } from '../forms/form-failure';
import { fieldIdOf } from '../forms/form-fields';
import { FormFooter } from '../forms/form-footer';
import { FormSection } from '../forms/form-section';
import { ImeSafeForm } from '../forms/ime-safe-form';
import { useConvertingInput } from '../forms/use-converting-input';
import { useEditorForm } from '../forms/use-editor-form';
import type { FormValues } from '../forms/use-form-values';
import {
  changedProductFields,
  EMPTY_PRODUCT,
  EMPTY_PRODUCT_FORM,
  formatYen,
  formValuesFromProduct,
  PRODUCT_FIELD_LABELS,
  PRODUCT_FIELDS,
  PRODUCT_STATUS_LABELS,
  type Product,
  type ProductField,
  type ProductFormValues,
  type ProductStatus,
  priceWithTax,
  productUpdateBody,
  TAG_MAX_LENGTH,
  TAGS_MAX,
  TAX_RATE_LABELS,
  TAX_RATES,
  type TaxRate,
  toProductInput,
  validateProductForm,
} from './product-form';

export type ProductFormMode = { kind: 'create' } | { kind: 'edit'; product: Product };

export interface ProductFormDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  mode: ProductFormMode;
  onSaved?: (product: Product) => void;
}

const fieldId = fieldIdOf<ProductField>('product-form');

/** 商品の登録・編集ダイアログ。未保存の入力があれば閉じる前に確認し、エラーでも入力は残す。 */
export function ProductFormDialog({ open, onOpenChange, mode, onSaved }: ProductFormDialogProps) {
  return (
    <EditorDialog
      open={open}
      onOpenChange={onOpenChange}
      title={mode.kind === 'create' ? '商品・サービスを登録' : '商品・サービスを編集'}
      description="「必須」の項目は入力が必要です。フリガナはひらがなで入力してもカタカナになります。"
      testId="product-form-dialog"
      initialFocusId={fieldId('name')}
    >
      {(editor) => <ProductForm mode={mode} editor={editor} onSaved={onSaved} />}
    </EditorDialog>
  );
}

function ProductForm({
  mode,
  editor,
  onSaved,
}: {
  mode: ProductFormMode;
  editor: EditorFormProps;
  onSaved?: (product: Product) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const base = mode.kind === 'edit' ? mode.product : null;
  const create = useMutation({
    ...createProductMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const update = useMutation({
    ...updateProductMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });

  const form = useEditorForm<ProductFormValues, ProductField, Product>({
    fields: PRODUCT_FIELDS,
    fieldId,
    label: (field) => PRODUCT_FIELD_LABELS[field],
    initialValues: () => (base ? formValuesFromProduct(base) : EMPTY_PRODUCT_FORM),
    validate: validateProductForm,
    editor,
    onSaved,
    base,
    isDirty: (values) => changedProductFields(base ?? EMPTY_PRODUCT, values).length > 0,
    saving: create.isPending || update.isPending,
    create: (values) => create.mutateAsync(toProductInput(values)),
    update: async (current, values) => {
      const body = productUpdateBody(current, values);
      return body === null ? null : update.mutateAsync({ id: current.id, body });
    },
    toasts: {
      created: (product) => ({ title: '商品を登録しました', description: product.name, variant: 'success' }),
      updated: (product) => ({ title: '商品を保存しました', description: product.name, variant: 'success' }),
    },
    failure: {
      // A 409 here: the product code is already another product's.
      conflictField: 'code',
      deletedMessage:
        'この商品はほかの人が削除したため保存できませんでした。入力内容はこのまま残っています。',
    },
  });

  return (
    <ImeSafeForm
      aria-label={base === null ? '商品の登録' : '商品の編集'}
      onSubmit={(event) => void form.submit(event)}
      className="grid gap-5"
    >
      <BasicSection form={form} />
      <PriceStockSection form={form} />
      <FormFailure message={form.failure} />
      <FormFooter kind={mode.kind} saving={form.saving} onCancel={editor.onCancel} />
    </ImeSafeForm>
  );
}

type ProductFormState = FormValues<ProductFormValues, ProductField>;

const TAX_OPTIONS = TAX_RATES.map((rate) => ({ value: String(rate), label: TAX_RATE_LABELS[rate] }));
const STATUS_OPTIONS = (Object.keys(PRODUCT_STATUS_LABELS) as ProductStatus[]).map((value) => ({
  value,
  label: PRODUCT_STATUS_LABELS[value],
}));

/** 基本情報: name, its kana, code and category. */
function BasicSection({ form }: { form: ProductFormState }) {
  const kana = useConvertingInput(
    form.values.name_kana,
    (value) => form.set('name_kana', value),
    toFullWidthKatakana,
  );
  return (
    <FormSection legend="基本情報">
      <TextField {...form.text('name')} required autoComplete="off" placeholder="例）ホワイトニング" />
      <TextField
        {...form.field('name_kana')}
        placeholder="例）ホワイトニング"
        description="五十音順の並べ替えに使います"
        {...kana}
      />
      <TextField
        {...form.text('code')}
        autoComplete="off"
        placeholder="例）WHITE-01"
        description="半角英数字・ハイフン・アンダースコア（重複不可）"
      />
      <TextField {...form.text('category')} placeholder="例）自費診療、物販" />
    </FormSection>
  );
}

/** What the typed price comes to with tax, said as it is typed. */
function priceWithTaxText({ price, tax_rate }: ProductFormValues): string {
  const typedPrice = /^\d+$/u.test(price.trim()) ? Number(price.trim()) : null;
  if (typedPrice === null) return '価格を入力すると税込の金額を表示します。';
  if (tax_rate === 0) return `非課税: ${formatYen(typedPrice)}`;
  return `税込 ${formatYen(priceWithTax(typedPrice, tax_rate))}（税率 ${tax_rate}%、1 円未満切り捨て）`;
}

/** 価格・在庫: price, tax, unit, stock, status, tags and the description. */
function PriceStockSection({ form }: { form: ProductFormState }) {
  const { values, set } = form;
  const price = useConvertingInput(values.price, (value) => set('price', value), toHalfWidthDigits);
  const stock = useConvertingInput(
    values.stock_quantity,
    (value) => set('stock_quantity', value),
    toHalfWidthDigits,
  );
  return (
    <FormSection
      legend="価格・在庫"
      wide={<Textarea {...form.text('description')} rows={3} maxLength={2000} />}
    >
      <TextField
        {...form.field('price')}
        required
        inputMode="numeric"
        autoComplete="off"
        placeholder="例）5000"
        {...price}
        description={
          <span aria-live="polite" data-testid="price-with-tax">
            {priceWithTaxText(values)}
          </span>
        }
      />
      <Select
        {...form.field('tax_rate')}
        placeholder={false}
        options={TAX_OPTIONS}
        value={String(values.tax_rate)}
        onChange={(event) => set('tax_rate', Number(event.target.value) as TaxRate)}
      />
      <TextField {...form.text('unit')} placeholder="例）回、個、本" />
      <TextField
        {...form.field('stock_quantity')}
        inputMode="numeric"
        autoComplete="off"
        description="在庫を持たないサービスは空欄のままにします"
        {...stock}
      />
      <Select
        {...form.field('status')}
        placeholder={false}
        options={STATUS_OPTIONS}
        value={values.status}
        onChange={(event) => set('status', event.target.value as ProductStatus)}
      />
      <TagInput
        {...form.field('tags')}
        value={values.tags}
        onValueChange={(tags) => set('tags', tags)}
        maxTags={TAGS_MAX}
        maxTagLength={TAG_MAX_LENGTH}
      />
    </FormSection>
  );
}
