import type { ComponentType, ReactNode } from 'react';
import { Controller, get, useFieldArray, useFormContext } from 'react-hook-form';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import AddIcon from '@mui/icons-material/Add';
import {
  LANDING_LIMITS,
  SITE_ICON_NAMES,
  type TLandingSectionKey,
  type TSiteIconName,
} from '@fleet/contract';
import { FormTextField } from '../../components/form-text-field';
import { SiteIcon } from '../../components/site/site-icon';
import { MoveButtons, reorderKeys } from '../../components/trip-editor/move-buttons';
import { NEW_ITEM } from './landing-section-form';

/** One field of the section's form; `long` makes it a growing box for sentences. */
function SectionField({
  name,
  label,
  long = false,
  helperText,
}: {
  name: string;
  label: string;
  long?: boolean;
  helperText?: string;
}) {
  const form = useFormContext();
  return (
    <FormTextField
      form={form}
      name={name}
      label={label}
      helperText={helperText}
      fullWidth
      {...(long ? { multiline: true, minRows: 2, maxRows: 8 } : {})}
    />
  );
}

/** "chevronDown" → "Chevron down". */
const iconLabel = (name: string) => {
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

function IconOption({ name }: { name: TSiteIconName }) {
  return (
    <Stack direction="row" spacing={1} component="span" sx={{ alignItems: 'center' }}>
      <SiteIcon name={name} size={20} />
      <span>{iconLabel(name)}</span>
    </Stack>
  );
}

/** Picks one of the public site's icons, each shown as visitors will see it. */
function IconField({ name }: { name: string }) {
  const { control } = useFormContext();
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          select
          label="Icon"
          {...field}
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          sx={{ width: { xs: '100%', lg: 280 } }}
          slotProps={{
            select: { renderValue: (value) => <IconOption name={value as TSiteIconName} /> },
          }}
        >
          {SITE_ICON_NAMES.map((icon) => (
            <MenuItem key={icon} value={icon}>
              <IconOption name={icon} />
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}

interface ItemListProps {
  /** The list's field in the section: `steps`, `points`, … */
  name: string;
  label: string;
  /** One item in words: "step" gives "Step 2", "Add a step", "Remove step 2". */
  item: keyof typeof NEW_ITEM;
  /** The fields of the item whose path starts with `base` (`steps.2`). */
  children: (base: string) => ReactNode;
}

/** An ordered list of items: add, remove, move up and down (or Alt+arrows inside an item). */
function ItemList({ name, label, item, children }: ItemListProps) {
  const { control, formState } = useFormContext();
  const { fields, append, remove, move } = useFieldArray({ control, name });
  const listError = get(formState.errors, name) as
    { message?: string; root?: { message?: string } } | undefined;
  const listMessage = listError?.message ?? listError?.root?.message;
  const Item = item.charAt(0).toUpperCase() + item.slice(1);
  const full = fields.length >= LANDING_LIMITS.items;

  return (
    <Box>
      <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 600, mb: 1 }}>
        {label} ({fields.length})
      </Typography>
      {listMessage && (
        <FormHelperText error sx={{ mb: 1 }}>
          {listMessage}
        </FormHelperText>
      )}
      <Stack component="ol" spacing={1.5} aria-label={label} sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {fields.map((field, index) => (
          <Paper
            key={field.id}
            component="li"
            variant="outlined"
            aria-label={`${Item} ${index + 1}`}
            onKeyDown={reorderKeys(index, fields.length, move)}
            sx={{ p: { xs: 1.5, sm: 2 } }}
          >
            <Stack direction="row" sx={{ alignItems: 'center', mb: 1.5 }}>
              <Typography variant="body2" color="text.secondary" sx={{ flexGrow: 1 }}>
                {Item} {index + 1}
              </Typography>
              <MoveButtons
                index={index}
                count={fields.length}
                name={`${item} ${index + 1}`}
                onMove={move}
                onRemove={() => remove(index)}
              />
            </Stack>
            <Stack spacing={2}>{children(`${name}.${index}`)}</Stack>
          </Paper>
        ))}
      </Stack>
      <Button startIcon={<AddIcon />} onClick={() => append(NEW_ITEM[item]())} disabled={full} sx={{ mt: 1 }}>
        Add {/^[aeiou]/.test(item) ? 'an' : 'a'} {item}
      </Button>
      {full && <FormHelperText>A list holds {LANDING_LIMITS.items} items at most.</FormHelperText>}
    </Box>
  );
}

/** A titled card of text: a step, a feature or a software option. */
function CardFields({ base }: { base: string }) {
  return (
    <>
      <SectionField name={`${base}.title`} label="Title" />
      <SectionField name={`${base}.text`} label="Text" long />
    </>
  );
}

function HeroFields() {
  return (
    <>
      <SectionField name="eyebrow" label="Eyebrow" helperText="The short line above the title." />
      <SectionField name="title" label="Title" />
      <SectionField name="subtitle" label="Subtitle" long />
      <Stack direction={{ xs: 'column', lg: 'row' }} spacing={2}>
        <SectionField name="primary_label" label="First button" />
        <SectionField name="secondary_label" label="Second button" />
      </Stack>
    </>
  );
}

/** A section made of a title, a text and one list: the steps, the points, the features, the options. */
function ListSectionFields({ text, ...list }: { text: 'intro' | 'text' } & ItemListProps) {
  return (
    <>
      <SectionField name="title" label="Title" />
      <SectionField name={text} label={text === 'intro' ? 'Introduction' : 'Text'} long />
      <ItemList {...list} />
    </>
  );
}

const cardFields = (base: string) => <CardFields base={base} />;

function DetailFields() {
  return (
    <ListSectionFields text="intro" name="steps" label="Steps" item="step">
      {cardFields}
    </ListSectionFields>
  );
}

function AboutFields() {
  return (
    <ListSectionFields text="text" name="points" label="Points" item="point">
      {(base) => <SectionField name={`${base}.text`} label="Point" long />}
    </ListSectionFields>
  );
}

function FeatureFields() {
  return (
    <ListSectionFields text="intro" name="items" label="Features" item="feature">
      {(base) => (
        <>
          <IconField name={`${base}.icon`} />
          <CardFields base={base} />
        </>
      )}
    </ListSectionFields>
  );
}

function SoftwareFields() {
  return (
    <ListSectionFields text="intro" name="options" label="Options" item="option">
      {cardFields}
    </ListSectionFields>
  );
}

function DemoFields() {
  return (
    <>
      <SectionField name="title" label="Title" />
      <SectionField name="text" label="Text" long />
      <SectionField name="button_label" label="Button" />
      <SectionField
        name="request"
        label="Request"
        helperText="What the button writes into the contact form's message."
        long
      />
    </>
  );
}

function ContactFields() {
  return (
    <>
      <SectionField name="title" label="Title" />
      <SectionField name="text" label="Text" long />
    </>
  );
}

/** Each section's fields; they read the section's form from its FormProvider. */
export const SECTION_FIELDS: Record<TLandingSectionKey, ComponentType> = {
  hero_section: HeroFields,
  detail_section: DetailFields,
  about_section: AboutFields,
  feature_section: FeatureFields,
  software_section: SoftwareFields,
  demo_section: DemoFields,
  contact_section: ContactFields,
};
