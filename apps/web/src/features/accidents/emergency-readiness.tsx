import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';

/**
 * The namat tenants' readiness beside their emergency events: a static table in the spec (spec 001
 * "Accidents"), every unit On-standby; no call reads or changes it.
 */
export const EMERGENCY_READINESS = [
  'Emergency Kits',
  'Disaster Recovery Plans',
  'Rapid Response Teams',
  'Civil Defence Unit',
] as const;
export const STANDBY = 'On-standby';

export function EmergencyReadiness() {
  return (
    <section aria-labelledby="emergency-readiness-title">
      <Typography id="emergency-readiness-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
        Readiness
      </Typography>
      <Paper variant="outlined">
        <Table size="small" aria-labelledby="emergency-readiness-title">
          <TableHead>
            <TableRow>
              <TableCell>Name</TableCell>
              <TableCell>Status</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {EMERGENCY_READINESS.map((name) => (
              <TableRow key={name}>
                <TableCell>{name}</TableCell>
                <TableCell>
                  <Chip label={STANDBY} color="success" size="small" variant="outlined" />
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Paper>
    </section>
  );
}
