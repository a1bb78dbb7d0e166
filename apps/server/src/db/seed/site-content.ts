import type { TLandingSections } from '@fleet/contract/site';
import type { Db } from '../client.ts';
import { landingSections } from '../schema/index.ts';

/*
 * The landing page's own sections (spec 002 §2: loaded from the content service). They are the
 * product's marketing copy, needed by every installation that serves the public site, so they are
 * written with the reference lists at every start, but only where a section is missing: a section
 * the super admin has edited is never overwritten.
 */
export const LANDING_SECTIONS: TLandingSections = {
  hero_section: {
    eyebrow: 'Fleet operations console',
    title: 'Every driver, vehicle and trip in one place',
    subtitle:
      'Plan trips with their stops in order and the tasks at each, follow your drivers on a live map, approve ' +
      'their proof of work and hear about problems as they happen. For school buses, delivery, airport and ' +
      'construction fleets, and field teams.',
    primary_label: 'Free consultation',
    secondary_label: 'How it works',
  },
  detail_section: {
    title: 'From plan to proof',
    intro:
      'The same record follows the work from the moment it is planned to the moment it is paid for, so nobody ' +
      'has to put the day back together from phone calls.',
    steps: [
      {
        title: 'Plan the trip',
        text: 'Pick the origin, the destinations in the order they are visited and the tasks at each. Run it once or on a schedule.',
      },
      {
        title: 'Follow it live',
        text: 'Drivers share their position from the driver app or a tracker; the map shows where everyone is.',
      },
      {
        title: 'Check the work',
        text: 'Tasks come back with photos. Managers accept or reject them; clients see their own.',
      },
      {
        title: 'Catch the exceptions',
        text: 'Late starts, missed destinations and overlong stays reach the bell as they happen.',
      },
      {
        title: 'Report and pay',
        text: 'Working hours, refuels, fines and accidents per driver, and finance summaries sent as PDF or Excel.',
      },
    ],
  },
  about_section: {
    title: 'A console made by people who connect systems',
    text:
      'Fleet Console comes from a team with 25 years of experience integrating operational systems. It is ' +
      'built to fit the organisation using it: its words, its units, its servers if it wants them.',
    points: [
      'Each organisation names its drivers, trips, destinations, origins and vehicles.',
      'Open maps and routing that can be hosted on your own servers.',
      'Imports from Excel or CSV, exports as .xlsx, and a documented API.',
      'Several organisations on one installation, each seeing only its own data.',
    ],
  },
  feature_section: {
    title: 'What the console does',
    intro: 'The tools dispatchers and fleet managers use every day, in one place.',
    items: [
      {
        icon: 'map',
        title: 'Real-time tracking',
        text: 'Every driver’s last position on a live map, and the path any driver took on any day.',
      },
      {
        icon: 'repeat',
        title: 'Trips and schedules',
        text: 'Trips with ordered destinations and tasks; repeating trips planned once and created on the days you pick.',
      },
      {
        icon: 'approval',
        title: 'Task approval',
        text: 'Proof of work with photos, accepted or rejected by a manager; a view-only list for clients.',
      },
      {
        icon: 'alert',
        title: 'Exceptions',
        text: 'Eleven kinds of exception, from a late start to not enough time for the next stop, in the bell as they happen.',
      },
      {
        icon: 'message',
        title: 'Voice and text in any language',
        text: 'Send drivers text or recorded voice notifications in their own language, and see when each was seen.',
      },
      {
        icon: 'report',
        title: 'Analytics',
        text: 'Driver performance by trips, working hours, incidents and exceptions; fuel volume and cost per driver.',
      },
      {
        icon: 'assistant',
        title: 'AI assistant',
        text: 'An AI chatbot in the console, connected to the language model you choose, helps plan and schedule journeys.',
      },
      {
        icon: 'finance',
        title: 'Finance summaries',
        text: 'Hours times hourly rate per driver and day, sent by e-mail as PDF or Excel.',
      },
    ],
  },
  software_section: {
    title: 'In the cloud or on your own servers',
    intro: 'The same console either way; you choose where your data lives.',
    options: [
      {
        title: 'Cloud',
        text: 'We run the console for you: sign in and start planning, with updates applied for you.',
      },
      {
        title: 'On-premises',
        text:
          'One process on your own server, with an embedded database or PostgreSQL. Maps, place search and ' +
          'routing come from open services you can host yourself, so no data has to leave your network.',
      },
    ],
  },
  demo_section: {
    title: 'See it with your own fleet',
    text: 'Ask for a demo and we will walk you through a day of your own trips in the console.',
    button_label: 'Request a demo',
    request: 'I would like a demo of Fleet Console for our fleet.',
  },
  contact_section: {
    title: 'Talk to us',
    text:
      'Tell us about your fleet and what you want to improve. Every message reaches our team, and we answer ' +
      'by e-mail.',
  },
};

/** Writes the landing sections that are missing; edited sections stay as they are. */
export async function seedLandingSections(db: Db): Promise<void> {
  await db
    .insert(landingSections)
    .values(Object.entries(LANDING_SECTIONS).map(([key, content]) => ({ key, content })))
    .onConflictDoNothing({ target: landingSections.key });
}
