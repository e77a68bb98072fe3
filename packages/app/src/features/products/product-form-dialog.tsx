import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import { createProductMutationOptions, updateProductMutationOptions } from '@tsumiki/api-client/react';
import { isImeComposing, Select, TagInput, Textarea, TextField } from '@tsumiki/ui';
import { type FormEvent, type ReactNode, useEffect, useState } from 'react';
import { useToast } from '../../app/toasts';
import { toFullWidthKatakana, toHalfWidthDigits } from '../customers/kana';
import { useConvertingInput } from '../customers/use-converting-input';
import { useTenantApi } from '../customers/use-tenant-api';
import { EditorDialog } from '../forms/editor-dialog';
import { FormFailure, ValidationErrorList } from '../forms/form-failure';
import { fieldIdOf, focusField, splitValidationErrors } from '../forms/form-fields';
import { FormFooter } from '../forms/form-footer';
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
  type ProductFormErrors,
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
      {(form) => (
        <ProductForm
          mode={mode}
          onDirtyChange={form.onDirtyChange}
          onCancel={form.onCancel}
          onSaved={(product) => {
            form.onSaved();
            onSaved?.(product);
          }}
        />
      )}
    </EditorDialog>
  );
}

const TAX_OPTIONS = TAX_RATES.map((rate) => ({ value: String(rate), label: TAX_RATE_LABELS[rate] }));
const STATUS_OPTIONS = (Object.keys(PRODUCT_STATUS_LABELS) as ProductStatus[]).map((value) => ({
  value,
  label: PRODUCT_STATUS_LABELS[value],
}));

function ProductForm({
  mode,
  onDirtyChange,
  onCancel,
  onSaved,
}: {
  mode: ProductFormMode;
  onDirtyChange: (dirty: boolean) => void;
  onCancel: () => void;
  onSaved: (product: Product) => void;
}) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const base = mode.kind === 'edit' ? mode.product : null;
  const [values, setValues] = useState<ProductFormValues>(() =>
    base ? formValuesFromProduct(base) : EMPTY_PRODUCT_FORM,
  );
  const [checked, setChecked] = useState(false);
  const [serverErrors, setServerErrors] = useState<ProductFormErrors>({});
  const [failure, setFailure] = useState<ReactNode>(null);

  const create = useMutation({
    ...createProductMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const update = useMutation({
    ...updateProductMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const saving = create.isPending || update.isPending;

  const clientErrors = checked ? validateProductForm(values) : {};
  const errorOf = (field: ProductField) => clientErrors[field] ?? serverErrors[field];

  const dirty = changedProductFields(base ?? EMPTY_PRODUCT, values).length > 0;
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const set = <K extends keyof ProductFormValues>(field: K, value: ProductFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setServerErrors((current) => {
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  };

  const kana = useConvertingInput(values.name_kana, (value) => set('name_kana', value), toFullWidthKatakana);
  const price = useConvertingInput(values.price, (value) => set('price', value), toHalfWidthDigits);
  const stock = useConvertingInput(
    values.stock_quantity,
    (value) => set('stock_quantity', value),
    toHalfWidthDigits,
  );

  const typedPrice = /^\d+$/u.test(values.price.trim()) ? Number(values.price.trim()) : null;
  const withTax =
    typedPrice === null
      ? '価格を入力すると税込の金額を表示します。'
      : values.tax_rate === 0
        ? `非課税: ${formatYen(typedPrice)}`
        : `税込 ${formatYen(priceWithTax(typedPrice, values.tax_rate))}（税率 ${values.tax_rate}%、1 円未満切り捨て）`;

  const handleFailure = (error: unknown) => {
    if (!isApiError(error)) {
      setFailure('保存できませんでした。入力内容はこのまま残っています。もう一度お試しください。');
      return;
    }
    if (error.status === 422 && error.validationErrors.length > 0) {
      const { byField, others, first } = splitValidationErrors(PRODUCT_FIELDS, error.validationErrors);
      setServerErrors(byField);
      if (others.length > 0) setFailure(<ValidationErrorList entries={others} />);
      else if (first) focusField(fieldId(first));
      return;
    }
    if (error.status === 409) {
      setServerErrors({ code: error.message });
      focusField(fieldId('code'));
      return;
    }
    if (error.status === 404 && base) {
      setFailure('この商品はほかの人が削除したため保存できませんでした。入力内容はこのまま残っています。');
      return;
    }
    setFailure(`${error.message} 入力内容はこのまま残っています。もう一度お試しください。`);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (saving) return;
    setFailure(null);
    setChecked(true);
    const firstInvalid = PRODUCT_FIELDS.find((field) => validateProductForm(values)[field]);
    if (firstInvalid) {
      focusField(fieldId(firstInvalid));
      return;
    }
    try {
      if (base === null) {
        const product = await create.mutateAsync(toProductInput(values));
        toast({ title: '商品を登録しました', description: product.name, variant: 'success' });
        onSaved(product);
        return;
      }
      const body = productUpdateBody(base, values);
      if (body === null) {
        toast({ title: '変更はありません', variant: 'info' });
        onSaved(base);
        return;
      }
      const product = await update.mutateAsync({ id: base.id, body });
      toast({ title: '商品を保存しました', description: product.name, variant: 'success' });
      onSaved(product);
    } catch (error) {
      handleFailure(error);
    }
  };

  const label = (field: ProductField) => PRODUCT_FIELD_LABELS[field];

  return (
    <form
      noValidate
      aria-label={base === null ? '商品の登録' : '商品の編集'}
      onSubmit={(event) => void submit(event)}
      onKeyDown={(event) => {
        if (event.key === 'Enter' && isImeComposing(event)) event.preventDefault();
      }}
      className="grid gap-5"
    >
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-muted-foreground">基本情報</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <TextField
            id={fieldId('name')}
            label={label('name')}
            required
            autoComplete="off"
            placeholder="例）ホワイトニング"
            value={values.name}
            onChange={(event) => set('name', event.target.value)}
            error={errorOf('name')}
          />
          <TextField
            id={fieldId('name_kana')}
            label={label('name_kana')}
            placeholder="例）ホワイトニング"
            description="五十音順の並べ替えに使います"
            {...kana}
            error={errorOf('name_kana')}
          />
          <TextField
            id={fieldId('code')}
            label={label('code')}
            autoComplete="off"
            placeholder="例）WHITE-01"
            description="半角英数字・ハイフン・アンダースコア（重複不可）"
            value={values.code}
            onChange={(event) => set('code', event.target.value)}
            error={errorOf('code')}
          />
          <TextField
            id={fieldId('category')}
            label={label('category')}
            placeholder="例）自費診療、物販"
            value={values.category}
            onChange={(event) => set('category', event.target.value)}
            error={errorOf('category')}
          />
        </div>
      </fieldset>

      <fieldset className="grid gap-3">
        <legend className="mb-2 text-sm font-semibold text-muted-foreground">価格・在庫</legend>
        <div className="grid items-start gap-3 sm:grid-cols-2">
          <TextField
            id={fieldId('price')}
            label={label('price')}
            required
            inputMode="numeric"
            autoComplete="off"
            placeholder="例）5000"
            {...price}
            description={
              <span aria-live="polite" data-testid="price-with-tax">
                {withTax}
              </span>
            }
            error={errorOf('price')}
          />
          <Select
            id={fieldId('tax_rate')}
            label={label('tax_rate')}
            placeholder={false}
            options={TAX_OPTIONS}
            value={String(values.tax_rate)}
            onChange={(event) => set('tax_rate', Number(event.target.value) as TaxRate)}
            error={errorOf('tax_rate')}
          />
          <TextField
            id={fieldId('unit')}
            label={label('unit')}
            placeholder="例）回、個、本"
            value={values.unit}
            onChange={(event) => set('unit', event.target.value)}
            error={errorOf('unit')}
          />
          <TextField
            id={fieldId('stock_quantity')}
            label={label('stock_quantity')}
            inputMode="numeric"
            autoComplete="off"
            description="在庫を持たないサービスは空欄のままにします"
            {...stock}
            error={errorOf('stock_quantity')}
          />
          <Select
            id={fieldId('status')}
            label={label('status')}
            placeholder={false}
            options={STATUS_OPTIONS}
            value={values.status}
            onChange={(event) => set('status', event.target.value as ProductStatus)}
            error={errorOf('status')}
          />
          <TagInput
            id={fieldId('tags')}
            label={label('tags')}
            value={values.tags}
            onValueChange={(tags) => set('tags', tags)}
            maxTags={TAGS_MAX}
            maxTagLength={TAG_MAX_LENGTH}
            error={errorOf('tags')}
          />
        </div>
        <Textarea
          id={fieldId('description')}
          label={label('description')}
          rows={3}
          maxLength={2000}
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          error={errorOf('description')}
        />
      </fieldset>

      <FormFailure message={failure} />
      <FormFooter kind={mode.kind} saving={saving} onCancel={onCancel} />
    </form>
  );
}
