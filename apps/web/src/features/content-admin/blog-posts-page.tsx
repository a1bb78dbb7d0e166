import { useState } from 'react';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import ArticleIcon from '@mui/icons-material/ArticleOutlined';
import { MESSAGES, type TBlogPostAdmin } from '@fleet/contract';
import { paths } from '../../lib/paths';
import { ListPage, type ListColumn } from '../../components/list';
import { blogPostListQuery, useDeletePost } from './api/content';
import { BlogPostDialog } from './blog-post-dialog';
import { EMPTY_POST, postToForm, type TBlogPostForm } from './blog-post-form';

interface DialogState {
  post: TBlogPostAdmin | null;
  values: TBlogPostForm;
}

const formatDate = (iso: string | null) =>
  iso ? new Date(iso).toLocaleString('en-GB', { dateStyle: 'medium', timeStyle: 'short' }) : '—';

/** Visitors see a published post once its publish date has come. */
const isLive = (post: TBlogPostAdmin) =>
  post.status === 'published' && post.published_at !== null && new Date(post.published_at) <= new Date();

function StatusChip({ post }: { post: TBlogPostAdmin }) {
  if (post.status === 'draft') return <Chip size="small" variant="outlined" label="Draft" />;
  if (!isLive(post)) return <Chip size="small" color="warning" variant="outlined" label="Scheduled" />;
  return <Chip size="small" color="success" variant="outlined" label="Published" />;
}

const columns: ListColumn<TBlogPostAdmin>[] = [
  {
    id: 'title',
    label: 'Title',
    render: (post) => (
      <>
        {isLive(post) ? (
          // The public page is the server's, not the console's: a new tab, not a route change.
          <Link href={paths.blogPost.getHref({ slug: post.slug })} target="_blank" rel="noopener">
            {post.title}
          </Link>
        ) : (
          post.title
        )}
        <Typography variant="body2" color="text.secondary">
          /blog/{post.slug}
        </Typography>
      </>
    ),
  },
  { id: 'status', label: 'Status', render: (post) => <StatusChip post={post} /> },
  { id: 'published', label: 'Publish date', render: (post) => formatDate(post.published_at) },
  { id: 'author', label: 'Author', render: (post) => post.author || '—' },
  { id: 'updated', label: 'Last saved', render: (post) => formatDate(post.updated_at) },
];

/** The blog editor (super admin): every post with its state; write, edit and delete. */
export function BlogPostsPage() {
  const deletePost = useDeletePost();
  const [dialog, setDialog] = useState<DialogState | null>(null);

  return (
    <ListPage
      title="Blog"
      icon={<ArticleIcon color="primary" aria-hidden />}
      query={({ search }) => blogPostListQuery(search)}
      columns={columns}
      rowName={(post) => post.title}
      add={{ label: 'Write a post', onClick: () => setDialog({ post: null, values: EMPTY_POST }) }}
      onEdit={(post) => setDialog({ post, values: postToForm(post) })}
      remove={{
        question: () => MESSAGES.deleteQuestion('post'),
        run: (post) => deletePost.mutateAsync(post.id),
        successMessage: 'Post deleted.',
      }}
      searchLabel="Search posts"
      emptyText="No posts yet. Write the first one."
      errorText={(message) => `Error on loading: ${message}`}
    >
      <BlogPostDialog
        open={dialog !== null}
        post={dialog?.post ?? null}
        defaultValues={dialog?.values ?? EMPTY_POST}
        onClose={() => setDialog(null)}
      />
    </ListPage>
  );
}
