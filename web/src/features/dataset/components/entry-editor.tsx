import '@mantine/tiptap/styles.css';
import type { DatasetEntry } from '@dp/contract';
import { Alert, Button, Group, Paper, Stack, Text, Textarea, Title } from '@mantine/core';
import { getUploadImageExtension, Link, RichTextEditor, type RichTextEditorLabels } from '@mantine/tiptap';
import { IconCode, IconDeviceFloppy, IconX } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import type { TFunction } from 'i18next';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../components/editable-table';
import type en from '../../../locales/en.json';
import { ApiFailure, isApiFailure, toFailure, type Failure } from '../../../lib/api-failure';
import { useAfterWrite } from '../../../lib/data-freshness';
import { datasetKeys } from '../api/keys';
import { createEntry, updateEntry } from '../api/save-entry';
import { uploadEditorImage } from '../api/upload-image';

/** SPEC 2: the rich-text editor is 200 px high (it grows with its content). */
const EDITOR_HEIGHT = 200;

/** The control labels in the user's language (Mantine's own are English). */
function editorLabels(t: TFunction): Partial<RichTextEditorLabels> {
  const l = (key: keyof (typeof en)['dataset']['editor']['labels']) => t(`dataset.editor.labels.${key}`);
  return {
    boldControlLabel: l('bold'),
    italicControlLabel: l('italic'),
    underlineControlLabel: l('underline'),
    strikeControlLabel: l('strike'),
    clearFormattingControlLabel: l('clearFormatting'),
    h1ControlLabel: l('h1'),
    h2ControlLabel: l('h2'),
    h3ControlLabel: l('h3'),
    h4ControlLabel: l('h4'),
    bulletListControlLabel: l('bulletList'),
    orderedListControlLabel: l('orderedList'),
    blockquoteControlLabel: l('blockquote'),
    codeBlockControlLabel: l('codeBlock'),
    hrControlLabel: l('hr'),
    linkControlLabel: l('link'),
    unlinkControlLabel: l('unlink'),
    undoControlLabel: l('undo'),
    redoControlLabel: l('redo'),
    imageUploadControlLabel: l('image'),
    tableInsertControlLabel: l('tableInsert'),
    tableInsertLabel: (columns: number, rows: number) => t('dataset.editor.labels.tableInsertSize', { columns, rows }),
    tableDeleteControlLabel: l('tableDelete'),
    tableColumnAfterControlLabel: l('columnAfter'),
    tableColumnDeleteControlLabel: l('columnDelete'),
    tableRowAfterControlLabel: l('rowAfter'),
    tableRowDeleteControlLabel: l('rowDelete'),
    tableToggleHeaderRowControlLabel: l('headerRow'),
    linkEditorInputLabel: l('linkUrl'),
    linkEditorInputPlaceholder: 'https://…',
    linkEditorExternalLink: l('linkNewTab'),
    linkEditorInternalLink: l('linkSameTab'),
    linkEditorSave: l('linkSave'),
  };
}

/** A picture that is still being uploaded (shown from the file meanwhile): saving waits for it. */
function isUploading(editor: Editor | null): boolean {
  let uploading = false;
  editor?.state.doc.descendants((node) => {
    if (node.type.name === 'image' && node.attrs.uploading) uploading = true;
    return !uploading;
  });
  return uploading;
}

/** The body of a 412: the entry as it is now. */
function currentOf(failure: Failure | null): DatasetEntry | null {
  if (!(failure instanceof ApiFailure) || failure.status !== 412) return null;
  const body = failure.body as { current?: DatasetEntry } | undefined;
  return body?.current ?? null;
}

export interface EntryEditorProps {
  /** The signed-in admin, sent as SPEC 7's username (the server takes the author from the sign-in). */
  username: string;
  /** The entry to change (edit mode), or null to write a new one (add mode). */
  entry: DatasetEntry | null;
  /** After saving or cancelling an edit: back to add mode. */
  onDone: () => void;
}

/**
 * The data-state editor (SPEC 2 and 4): add mode or edit mode, Tiptap through Mantine with headings,
 * text styles, lists, links, tables, uploaded pictures and a code view. Loaded only when an admin
 * opens the page (React.lazy), so the editor is not part of the first screen's download.
 */
export default function EntryEditor({ username, entry, onDone }: EntryEditorProps) {
  const { t } = useTranslation();
  const afterWrite = useAfterWrite();
  // The entry as this editor last saw it: its ETag goes with the save; a 412 may replace it.
  const [target, setTarget] = useState<DatasetEntry | null>(entry);
  const [failure, setFailure] = useState<Failure | null>(null);
  // The HTML while the code view is open; null in the rich-text view.
  const [source, setSource] = useState<string | null>(null);

  const extensions = useMemo(
    () => [
      StarterKit.configure({ link: false, heading: { levels: [1, 2, 3, 4] } }),
      Link.configure({ openOnClick: false, autolink: true, defaultProtocol: 'https' }),
      // Mantine declares this extension as `any`; it is Tiptap's Image extended with an upload.
      getUploadImageExtension(Image, { onImageUpload: uploadEditorImage }) as typeof Image,
      TableKit.configure({ table: { resizable: false } }),
    ],
    [],
  );
  const editor = useEditor({ extensions, content: entry?.description ?? '', shouldRerenderOnTransaction: false });
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({ empty: e?.isEmpty ?? true, uploading: isUploading(e) }),
  });
  // The name belongs on the editable element itself (role textbox), in the current language.
  const contentLabel = t('dataset.editor.contentLabel');
  useEffect(() => {
    editor?.setOptions({ editorProps: { attributes: { 'aria-label': contentLabel, 'aria-multiline': 'true' } } });
  }, [editor, contentLabel]);

  const save = useMutation({
    mutationFn: (html: string) => (target ? updateEntry(target, username, html) : createEntry(username, html)),
    meta: { banner: false },
    onMutate: () => setFailure(null),
    onError: (error) => setFailure(isApiFailure(error) ? error : toFailure(error)),
    onSuccess: async () => {
      await afterWrite([datasetKeys.entries]);
      editor?.commands.clearContent();
      setSource(null);
      setTarget(null);
      onDone();
    },
  });

  const html = () => source ?? editor?.getHTML() ?? '';
  const toggleSource = () => {
    if (source === null) {
      setSource(editor?.getHTML() ?? '');
    } else {
      editor?.commands.setContent(source);
      setSource(null);
    }
  };
  const current = currentOf(failure);
  const gone = failure instanceof ApiFailure && failure.status === 404 && target !== null;
  const blank = source === null ? (state?.empty ?? true) : source.trim() === '';

  return (
    <Paper withBorder radius="md" p="md" data-testid="dataset-editor" data-mode={target ? 'edit' : 'add'}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {target
            ? t('dataset.editor.editTitle', { time: formatDateTime(target.creation_time), author: target.username })
            : t('dataset.editor.addTitle')}
        </Title>
        <RichTextEditor
          editor={editor}
          labels={editorLabels(t)}
          onImageUploadError={(_file, error) => setFailure(toFailure(error))}
        >
          <RichTextEditor.Toolbar sticky stickyOffset="var(--app-header-height, 0px)">
            {source === null && (
              <>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Undo />
                  <RichTextEditor.Redo />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.H1 />
                  <RichTextEditor.H2 />
                  <RichTextEditor.H3 />
                  <RichTextEditor.H4 />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Bold />
                  <RichTextEditor.Italic />
                  <RichTextEditor.Underline />
                  <RichTextEditor.Strikethrough />
                  <RichTextEditor.ClearFormatting />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.BulletList />
                  <RichTextEditor.OrderedList />
                  <RichTextEditor.Blockquote />
                  <RichTextEditor.CodeBlock />
                  <RichTextEditor.Hr />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.Link />
                  <RichTextEditor.Unlink />
                  <RichTextEditor.ImageUpload
                    accept="image/png,image/jpeg,image/webp,image/gif"
                    data-testid="dataset-editor-image"
                  />
                </RichTextEditor.ControlsGroup>
                <RichTextEditor.ControlsGroup>
                  <RichTextEditor.TableInsert />
                  <RichTextEditor.TableRowAfter />
                  <RichTextEditor.TableColumnAfter />
                  <RichTextEditor.TableToggleHeaderRow />
                  <RichTextEditor.TableRowDelete />
                  <RichTextEditor.TableColumnDelete />
                  <RichTextEditor.TableDelete />
                </RichTextEditor.ControlsGroup>
              </>
            )}
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Control
                onClick={toggleSource}
                active={source !== null}
                aria-label={t('dataset.editor.labels.sourceCode')}
                title={t('dataset.editor.labels.sourceCode')}
                data-testid="dataset-editor-source"
              >
                <IconCode size={16} aria-hidden />
              </RichTextEditor.Control>
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
          {source === null ? (
            <RichTextEditor.Content mih={EDITOR_HEIGHT} data-testid="dataset-editor-content" />
          ) : (
            <Textarea
              value={source}
              onChange={(event) => setSource(event.currentTarget.value)}
              rows={12}
              resize="vertical"
              styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', border: 0 } }}
              aria-label={t('dataset.editor.sourceLabel')}
              data-testid="dataset-editor-source-text"
            />
          )}
        </RichTextEditor>
        <Text size="xs" c="dimmed">
          {t('dataset.editor.hint')}
        </Text>

        {failure && (
          <Alert
            color={current ? 'yellow' : 'red'}
            role="alert"
            title={current ? t('dataset.editor.staleTitle') : undefined}
            data-testid="dataset-editor-error"
          >
            <Stack gap="xs">
              <Text size="sm">{failure.message}</Text>
              {current && (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      editor?.commands.setContent(current.description);
                      setSource(null);
                      setTarget(current);
                      setFailure(null);
                    }}
                  >
                    {t('dataset.editor.loadCurrent')}
                  </Button>
                  <Button
                    size="xs"
                    variant="subtle"
                    onClick={() => {
                      // Keep this text and save it over the other change on the next click.
                      setTarget(current);
                      setFailure(null);
                    }}
                  >
                    {t('dataset.editor.keepMine')}
                  </Button>
                </Group>
              )}
              {gone && (
                <Group gap="xs">
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      setTarget(null);
                      setFailure(null);
                    }}
                  >
                    {t('dataset.editor.saveAsNew')}
                  </Button>
                </Group>
              )}
            </Stack>
          </Alert>
        )}

        <Group gap="xs" justify="flex-end">
          {target && (
            <Button
              variant="default"
              leftSection={<IconX size={16} aria-hidden />}
              onClick={onDone}
              data-testid="dataset-editor-cancel"
            >
              {t('dataset.editor.cancel')}
            </Button>
          )}
          <Button
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            loading={save.isPending}
            disabled={blank || (state?.uploading ?? false)}
            onClick={() => save.mutate(html())}
            data-testid="dataset-editor-save"
          >
            {state?.uploading
              ? t('dataset.editor.uploading')
              : target
                ? t('dataset.editor.saveChanges')
                : t('dataset.editor.add')}
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
