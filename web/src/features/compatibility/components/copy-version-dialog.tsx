import type { KindPath } from '@dp/contract';
import { Alert, Button, Checkbox, Group, Modal, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useCopyVersion, type CopiedVersion } from '../api/copy-version';
import { useVersionUsage } from '../api/version-usage';

/** The version the dialog copies, with its item's name. */
export interface CopySource {
  href: string;
  parentName: string;
  name: string | null;
  name2: string | null;
}

interface CopyVersionDialogProps {
  kind: KindPath;
  /** The version to copy; the dialog is open while it is set. */
  source: CopySource | null;
  onClose: () => void;
  onCopied: (copy: CopiedVersion) => void;
}

/** SPEC 5: the copy's comment starts with this German text whatever the interface language. */
function copyDescription(source: Pick<CopySource, 'parentName' | 'name' | 'name2'>): string {
  return `Kopie von: ${source.parentName} ${source.name ?? source.name2 ?? ''}`.trim();
}

/**
 * What the copy takes along, counted by the server, and the choice to leave it behind; without a
 * count (still loading, failed) the choice stays open and the copy takes along what the box says.
 */
function TakeAlong({
  versionHref,
  checked,
  onChange,
}: {
  versionHref: string;
  checked: boolean;
  onChange: (value: boolean) => void;
}) {
  const { t } = useTranslation();
  const usage = useVersionUsage(versionHref);
  if (usage.data && usage.data.compatibilities === 0 && usage.data.version_relations === 0)
    return (
      <Text size="sm" data-testid="copy-takes-nothing">
        {t('compatibilityScreens.copy.nothingToTake')}
      </Text>
    );
  const description = usage.data
    ? t('compatibilityScreens.copy.contents', {
        compatibilities: usage.data.compatibilities,
        relations: usage.data.version_relations,
      })
    : usage.error
      ? t('compatibilityScreens.copy.usageFailed', { message: usage.error.message })
      : t('compatibilityScreens.copy.usageLoading');
  return (
    <Checkbox
      label={t('compatibilityScreens.copy.takeAlong')}
      description={description}
      checked={checked}
      onChange={(event) => onChange(event.currentTarget.checked)}
      data-testid="copy-with-compatibilities"
    />
  );
}

function CopyForm({ kind, source, onClose, onCopied }: CopyVersionDialogProps & { source: CopySource }) {
  const { t } = useTranslation();
  const copy = useCopyVersion();
  const [withCompatibilities, setWithCompatibilities] = useState(true);
  const [name, setName] = useState(source.name ?? '');
  const [name2, setName2] = useState(source.name2 ?? '');
  const [description, setDescription] = useState(copyDescription(source));
  const [rscpLink, setRscpLink] = useState('');
  const [numbersError, setNumbersError] = useState<string | null>(null);
  const isSystem = kind === 'systems';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isSystem ? name.trim() === '' : name.trim() === '' && name2.trim() === '') {
      setNumbersError(
        t(isSystem ? 'compatibilityScreens.validation.systemName' : 'compatibilityScreens.validation.nameOrName2'),
      );
      return;
    }
    setNumbersError(null);
    copy.mutate(
      {
        versionHref: source.href,
        input: {
          name: name.trim() || null,
          name2: isSystem ? null : name2.trim() || null,
          description,
          rscp_link: rscpLink.trim() || null,
          with_compatibilities: withCompatibilities,
        },
      },
      { onSuccess: onCopied },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <TextInput
          label={t(isSystem ? 'compatibilityScreens.columns.version' : 'compatibilityScreens.columns.partNumber')}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          error={numbersError}
          data-autofocus
          data-testid="copy-name"
        />
        {!isSystem && (
          <TextInput
            label={t('compatibilityScreens.columns.materialNumber')}
            value={name2}
            onChange={(event) => setName2(event.currentTarget.value)}
            data-testid="copy-name2"
          />
        )}
        <Textarea
          label={t('compatibilityScreens.columns.description')}
          value={description}
          onChange={(event) => setDescription(event.currentTarget.value)}
          rows={3}
          data-testid="copy-description"
        />
        <TextInput
          label={t('compatibilityScreens.columns.rscpLink')}
          value={rscpLink}
          onChange={(event) => setRscpLink(event.currentTarget.value)}
          placeholder="https://"
          data-testid="copy-rscp-link"
        />
        <TakeAlong versionHref={source.href} checked={withCompatibilities} onChange={setWithCompatibilities} />
        {copy.error && (
          <Alert color="red" role="alert" title={t('compatibilityScreens.copy.failed')}>
            {copy.error.message}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('compatibilityScreens.cancel')}
          </Button>
          <Button type="submit" loading={copy.isPending} data-testid="copy-submit">
            {t('compatibilityScreens.copy.submit')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The Copy Version dialog: name, name2 and a 'Kopie von: …' description prefilled, rscp_link empty, and
 * what the copy takes along with a choice to leave it behind.
 */
export function CopyVersionDialog(props: CopyVersionDialogProps) {
  const { t } = useTranslation();
  const { source, onClose } = props;
  return (
    <Modal
      opened={source !== null}
      onClose={onClose}
      title={t('compatibilityScreens.copy.title')}
      closeOnClickOutside={false}
    >
      {/* Keyed by the source so that every opening starts from a fresh prefill. */}
      {source && <CopyForm key={source.href} {...props} source={source} />}
    </Modal>
  );
}
