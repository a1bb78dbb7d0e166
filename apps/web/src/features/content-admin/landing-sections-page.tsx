import { useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useQuery } from '@tanstack/react-query';
import Accordion from '@mui/material/Accordion';
import AccordionDetails from '@mui/material/AccordionDetails';
import AccordionSummary from '@mui/material/AccordionSummary';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ExpandMoreIcon from '@mui/icons-material/ExpandMore';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import WebIcon from '@mui/icons-material/WebOutlined';
import { MESSAGES, type TLandingSectionStored } from '@fleet/contract';
import { paths } from '../../lib/paths';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader } from '../../components/page-header';
import { PageSpinner } from '../../components/page-spinner';
import { useSnackbar } from '../../components/snackbar';
import { ApiError } from '../../lib/api/client';
import { formatDateTime } from '../../lib/dates';
import { landingSectionsQuery, useSaveLandingSection } from './api/content';
import { SECTION_FIELDS } from './landing-section-fields';
import {
  SECTION_HINTS,
  SECTION_TITLES,
  sectionResolver,
  sectionToForm,
  storedToForm,
  type TLandingSection,
  type TSectionForm,
} from './landing-section-form';

const errorText = (error: unknown) =>
  `Error on loading: ${error instanceof ApiError ? error.responseMessage : MESSAGES.http.internal}`;

/** One section: its own form, saved on its own, in a panel that says whether it has unsaved changes. */
function SectionPanel({
  stored,
  defaultExpanded,
}: {
  stored: TLandingSectionStored;
  defaultExpanded: boolean;
}) {
  const { key } = stored;
  const title = SECTION_TITLES[key];
  const Fields = SECTION_FIELDS[key];
  const snackbar = useSnackbar();
  // The form starts from the section as stored when the page opens; a later refetch leaves edits alone.
  const [initial] = useState(() => storedToForm(stored).values);
  const { problem } = storedToForm(stored);
  const form = useForm<TSectionForm, unknown, TLandingSection>({
    resolver: sectionResolver(key),
    defaultValues: initial,
  });
  const [failure, setFailure] = useState<string | null>(null);

  const save = useSaveLandingSection(key);

  const submit = form.handleSubmit(
    (section) => {
      setFailure(null);
      save.mutate(section, {
        onSuccess: () => {
          // What was saved is now what Reset returns to.
          form.reset(sectionToForm(key, section));
          snackbar.show(`${title} saved.`, 'success');
        },
        onError: (error) =>
          setFailure(error instanceof ApiError ? error.responseMessage : `${title} could not be saved.`),
      });
    },
    () => snackbar.show(MESSAGES.formInvalid, 'warning'),
  );
  const dirty = form.formState.isDirty;

  return (
    // A closed panel drops its fields from the page but not its form: edits wait there until saved.
    <Accordion
      defaultExpanded={defaultExpanded}
      disableGutters
      slotProps={{ heading: { component: 'h2' }, transition: { unmountOnExit: true } }}
    >
      <AccordionSummary expandIcon={<ExpandMoreIcon />} aria-controls={`${key}-panel`} id={`${key}-header`}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={{ xs: 0.5, sm: 2 }}
          useFlexGap
          sx={{ alignItems: { sm: 'center' }, flexGrow: 1, flexWrap: 'wrap', pr: 1 }}
        >
          <Typography component="span" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {title}
          </Typography>
          {dirty && (
            <Chip
              size="small"
              color="warning"
              variant="outlined"
              label="Unsaved changes"
              sx={{ alignSelf: 'flex-start' }}
            />
          )}
          <Typography component="span" variant="body2" color="text.secondary">
            {stored.updated_at ? `Last saved ${formatDateTime(new Date(stored.updated_at))}` : 'Never saved'}
          </Typography>
        </Stack>
      </AccordionSummary>
      <AccordionDetails id={`${key}-panel`}>
        <Box component="form" noValidate aria-label={title} onSubmit={(event) => void submit(event)}>
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {SECTION_HINTS[key]}
            </Typography>
            {problem && <Alert severity="warning">{problem}</Alert>}
            {failure && <Alert severity="error">{failure}</Alert>}
            <FormProvider {...form}>
              <Fields />
            </FormProvider>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ justifyContent: 'flex-end' }}>
              <Button
                variant="outlined"
                onClick={() => {
                  form.reset();
                  setFailure(null);
                }}
                disabled={!dirty || save.isPending}
              >
                Reset
              </Button>
              <Button type="submit" variant="contained" loading={save.isPending}>
                Save
              </Button>
            </Stack>
          </Stack>
        </Box>
      </AccordionDetails>
    </Accordion>
  );
}

/**
 * The landing page editor (super admin): the public home page's sections, each a form of its own
 * fields checked with the contract's schema before it is sent, saved and shown to visitors at once.
 */
export function LandingSectionsPage() {
  const sections = useQuery(landingSectionsQuery());

  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title="Landing page" icon={<WebIcon color="primary" aria-hidden />}>
        {/* The public page is the server's, not the console's: a new tab, not a route change. */}
        <Button href={paths.home.getHref()} target="_blank" rel="noopener" endIcon={<OpenInNewIcon />}>
          View the landing page
        </Button>
      </PageHeader>
      {sections.isPending ? (
        <PageSpinner fullScreen={false} label="Loading the landing page" />
      ) : sections.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void sections.refetch()}>
              Retry
            </Button>
          }
        >
          {errorText(sections.error)}
        </Alert>
      ) : (
        <Box sx={{ maxWidth: 1000 }}>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            Each section is saved on its own; visitors see it as soon as it is saved.
          </Typography>
          {sections.data.map((stored, index) => (
            <SectionPanel key={stored.key} stored={stored} defaultExpanded={index === 0} />
          ))}
        </Box>
      )}
    </Box>
  );
}
