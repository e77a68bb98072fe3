import { useMutation } from '@tanstack/react-query';
import { isApiError } from '@tsumiki/api-client';
import { updateInteractionMutationOptions } from '@tsumiki/api-client/react';
import { type FormEvent, useEffect, useState } from 'react';
import { useToast } from '../../app/toasts';
import { useTenantApi } from '../../app/use-tenant-api';
import { EditorDialog, type EditorFormProps } from '../forms/editor-dialog';
import { FormFailure } from '../forms/form-failure';
import { FormFooter } from '../forms/form-footer';
import { ImeSafeForm } from '../forms/ime-safe-form';
import { INTERACTION_TYPE_LABELS, type Interaction } from './customer-fields';
import {
  InteractionFields,
  interactionBody,
  interactionValues,
  useInteractionFields,
} from './interaction-fields';

const ID_PREFIX = 'interaction-edit';

/** 対応履歴を直す: the interaction's fields in a dialog; what it said before stays as a version. */
export function InteractionEditDialog({
  interaction,
  onOpenChange,
}: {
  interaction: Interaction | null;
  onOpenChange: (open: boolean) => void;
}) {
  return (
    <EditorDialog
      open={interaction !== null}
      onOpenChange={onOpenChange}
      title="対応履歴を直す"
      description={
        interaction
          ? `${INTERACTION_TYPE_LABELS[interaction.type]}の記録を直します。直す前の内容は「以前の版」として残ります。`
          : null
      }
      testId="interaction-edit-dialog"
      initialFocusId={`${ID_PREFIX}-content`}
    >
      {(form) => (interaction ? <EditForm interaction={interaction} {...form} /> : null)}
    </EditorDialog>
  );
}

function EditForm({
  interaction,
  onDirtyChange,
  onCancel,
  onSaved,
}: EditorFormProps & { interaction: Interaction }) {
  const { api, tenantId } = useTenantApi();
  const { toast } = useToast();
  const update = useMutation({
    ...updateInteractionMutationOptions(api, tenantId),
    meta: { errorDisplay: 'inline' },
  });
  const fields = useInteractionFields(interactionValues(interaction));
  const [base, setBase] = useState(interaction);
  const [failure, setFailure] = useState<string | null>(null);
  const dirty = JSON.stringify(fields.values) !== JSON.stringify(interactionValues(base));
  useEffect(() => onDirtyChange(dirty), [dirty, onDirtyChange]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!fields.check()) return;
    try {
      await update.mutateAsync({
        customerId: base.customer_id,
        interactionId: base.id,
        body: { version: base.version, ...interactionBody(fields.values) },
      });
      onSaved();
      toast({ title: '対応履歴を直しました', variant: 'success' });
    } catch (error) {
      if (isApiError(error) && error.code === 'RES_003') {
        // Someone saved it first: show theirs, keep nothing of ours silently.
        const current = (error.body.context as { current?: Interaction } | null)?.current;
        if (current) {
          setBase(current);
          fields.reset(interactionValues(current));
        }
        setFailure(
          'ほかの人が先にこの対応履歴を直しました。最新の内容を表示しています。必要なら直し直してください。',
        );
        return;
      }
      setFailure(fields.failureOf(error, '保存できませんでした。'));
    }
  };

  return (
    <ImeSafeForm aria-label="対応履歴を直す" className="grid gap-3" onSubmit={(event) => void submit(event)}>
      <InteractionFields fields={fields} idPrefix={ID_PREFIX} />
      <FormFailure message={failure ? <span className="whitespace-pre-line">{failure}</span> : null} />
      <FormFooter kind="edit" saving={update.isPending} onCancel={onCancel} />
    </ImeSafeForm>
  );
}
