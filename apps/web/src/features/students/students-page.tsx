import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import InfoOutlined from '@mui/icons-material/InfoOutlined';
import StudentsIcon from '@mui/icons-material/SchoolOutlined';
import { MESSAGES, SCHOOL_BUS_TYPE, type TStudent } from '@fleet/contract';
import { ListPage, type ListColumn } from '../../components/list';
import { PAGE_SX, PAGE_TITLE_ID, PageHeader } from '../../components/page-header';
import { STUDENTS_EXPORT_PATH, useArchiveStudent, studentListQuery } from '../../lib/api/students';
import { useSession } from '../../lib/session';
import { useTerms } from '../../lib/terms';
import { StudentDialog } from './student-dialog';

const TITLE = 'Students';
const studentName = (s: TStudent) => `${s.fname} ${s.lname}`;

/** The school-bus tenant's students: search, add, delete, and each one's details read-only. */
function StudentList() {
  const terms = useTerms();
  const archive = useArchiveStudent();
  // The student shown read-only, null while adding one; the dialog is open when `open`.
  const [shown, setShown] = useState<TStudent | null>(null);
  const [open, setOpen] = useState(false);

  const columns: ListColumn<TStudent>[] = [
    { id: 'fname', label: 'First name', render: (s) => s.fname },
    { id: 'lname', label: 'Last name', render: (s) => s.lname },
    {
      id: 'driver',
      label: terms.driver,
      render: (s) => (s.driver ? `${s.driver.fname} ${s.driver.lname}` : ''),
    },
  ];

  return (
    <ListPage
      title={TITLE}
      icon={<StudentsIcon color="primary" />}
      query={({ search }) => studentListQuery(search)}
      columns={columns}
      rowName={studentName}
      add={{
        label: 'Add Student',
        onClick: () => {
          setShown(null);
          setOpen(true);
        },
      }}
      exportFile={{ path: STUDENTS_EXPORT_PATH, fileName: `${TITLE}.xlsx` }}
      rowActions={[
        {
          id: 'info',
          label: (s) => `Info of ${studentName(s)}`,
          icon: <InfoOutlined />,
          onClick: (s) => {
            setShown(s);
            setOpen(true);
          },
        },
      ]}
      remove={{
        question: () => MESSAGES.deleteQuestion('Student'),
        run: (s) => archive.mutateAsync(s.id),
        successMessage: MESSAGES.students.deleted,
      }}
      searchLabel="Search by name"
      emptyText="No students yet."
      errorText={(message) => `Error on loading students: ${message}`}
    >
      <StudentDialog open={open} student={shown} onClose={() => setOpen(false)} />
    </ListPage>
  );
}

/**
 * /students (spec 001 "Students"): school-bus tenants only. Another tenant's admin (or the super
 * admin) who opens the address gets a plain explanation instead of a list the server refuses.
 */
export function StudentsPage() {
  const session = useSession();
  if (session?.tenant_type === SCHOOL_BUS_TYPE) return <StudentList />;
  return (
    <Box component="section" aria-labelledby={PAGE_TITLE_ID} sx={PAGE_SX}>
      <PageHeader title={TITLE} icon={<StudentsIcon color="primary" />} />
      <Alert severity="info">
        {MESSAGES.students.schoolBusOnly} This tenant keeps no students, so there is nothing to show here.
      </Alert>
    </Box>
  );
}
