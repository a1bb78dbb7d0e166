import { useEffect, useRef, useState } from 'react';
import { Controller, type UseFormReturn } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { TBlogPostAdmin, TBlogPostInput } from '@fleet/contract';
import { DateTimeField } from '../../components/date-time-field';
import { FormDialog } from '../../components/form-dialog';
import { FormTextField } from '../../components/form-text-field';
import { ApiError } from '../../lib/api/client';
import { blogPreviewQuery, useSavePost } from './api/content';
import { ZBlogPostForm, slugify, type TBlogPostForm } from './blog-post-form';

type Form = UseFormReturn<TBlogPostForm, unknown, TBlogPostInput>;

/** What the server will show visitors: the source rendered and sanitised by the preview call. */
function Preview({ format, content }: { format: 'markdown' | 'html'; content: string }) {
  const preview = useQuery(blogPreviewQuery(format, content));
  if (preview.isPending)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
        <CircularProgress aria-label="Rendering the preview" />
      </Box>
    );
  if (preview.isError)
    return (
      <Alert severity="error">
        {preview.error instanceof ApiError ? preview.error.responseMessage : 'The preview could not be made.'}
      </Alert>
    );
  if (!preview.data.html) return <Typography color="text.secondary">Nothing to preview yet.</Typography>;
  return (
    <Box
      aria-label="Preview"
      role="region"
      sx={{
        minHeight: 320,
        maxHeight: 480,
        overflow: 'auto',
        p: 2,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        '& h2': { fontSize: '1.4rem', mt: 3 },
        '& h3': { fontSize: '1.15rem', mt: 2 },
        '& img': { maxWidth: '100%' },
        '& table': { borderCollapse: 'collapse' },
        '& th, & td': { border: 1, borderColor: 'divider', p: 1 },
      }}
      dangerouslySetInnerHTML={{ __html: preview.data.html }}
    />
  );
}

function PostFields({ form, isNew }: { form: Form; isNew: boolean }) {
  const [tab, setTab] = useState<'write' | 'preview'>('write');
  const title = form.watch('title');
  const slugEdited = useRef(!isNew);
  const { setValue } = form;

  // A new post's slug follows its title until the author edits the slug.
  useEffect(() => {
    if (!slugEdited.current) setValue('slug', slugify(title ?? ''));
  }, [title, setValue]);

  const slugField = form.register('slug');
  return (
    <>
      <FormTextField form={form} name="title" label="Title" autoFocus fullWidth />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          {...slugField}
          onChange={(event) => {
            slugEdited.current = true;
            void slugField.onChange(event);
          }}
          label="Slug"
          error={Boolean(form.formState.errors.slug)}
          helperText={form.formState.errors.slug?.message ?? 'The address: /blog/your-slug'}
          fullWidth
        />
        <FormTextField form={form} name="author" label="Author" fullWidth />
      </Stack>
      <FormTextField
        form={form}
        name="excerpt"
        label="Excerpt"
        helperText="One or two sentences for the blog list and search engines."
        multiline
        minRows={2}
        fullWidth
      />
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <FormTextField
          form={form}
          name="featured_image_url"
          label="Featured image URL"
          helperText="https://… or a path on this site"
          fullWidth
        />
        <FormTextField form={form} name="featured_image_alt" label="Image description" fullWidth />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Controller
          control={form.control}
          name="status"
          render={({ field }) => (
            <TextField select label="Status" {...field} sx={{ minWidth: 180 }}>
              <MenuItem value="draft">Draft</MenuItem>
              <MenuItem value="published">Published</MenuItem>
            </TextField>
          )}
        />
        <Controller
          control={form.control}
          name="published_at"
          render={({ field, fieldState }) => (
            <DateTimeField
              label="Publish"
              value={field.value ?? ''}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={fieldState.error?.message}
              helperText="Empty: now, when published. A later date keeps it hidden until then."
            />
          )}
        />
        <Controller
          control={form.control}
          name="content_format"
          render={({ field }) => (
            <TextField select label="Format" {...field} sx={{ minWidth: 160 }}>
              <MenuItem value="markdown">Markdown</MenuItem>
              <MenuItem value="html">HTML</MenuItem>
            </TextField>
          )}
        />
      </Stack>
      <Box>
        <Tabs
          value={tab}
          onChange={(_event, next: 'write' | 'preview') => setTab(next)}
          aria-label="Write or preview"
        >
          <Tab value="write" label="Write" />
          <Tab value="preview" label="Preview" />
        </Tabs>
        <Box sx={{ pt: 2 }}>
          {tab === 'write' ? (
            <FormTextField
              form={form}
              name="content"
              label="Content"
              multiline
              minRows={14}
              maxRows={24}
              fullWidth
              slotProps={{ htmlInput: { sx: { fontFamily: 'ui-monospace, Menlo, Consolas, monospace' } } }}
            />
          ) : (
            <Preview
              format={form.getValues('content_format') ?? 'markdown'}
              content={form.getValues('content') ?? ''}
            />
          )}
        </Box>
      </Box>
    </>
  );
}

export interface BlogPostDialogProps {
  open: boolean;
  /** The post being edited, or null to write a new one. */
  post: TBlogPostAdmin | null;
  defaultValues: TBlogPostForm;
  onClose: () => void;
}

/** Writes or edits a post. The server renders and sanitises its HTML at every save. */
export function BlogPostDialog({ open, post, defaultValues, onClose }: BlogPostDialogProps) {
  const save = useSavePost();
  return (
    <FormDialog
      key={post?.id ?? 'new'}
      open={open}
      title={post ? 'Edit post' : 'Write a post'}
      schema={ZBlogPostForm}
      defaultValues={defaultValues}
      onSubmit={(values) => save.mutateAsync({ post: values, id: post?.id })}
      onClose={onClose}
      successMessage="Post saved."
      failureMessage="The post could not be saved."
      width={960}
    >
      {(form) => <PostFields form={form} isNew={!post} />}
    </FormDialog>
  );
}
