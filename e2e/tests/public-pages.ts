/** Every public page with its h1, as a visitor arrives on it. */
export const PUBLIC_PAGES = [
  ['/', 'Every driver, vehicle and trip in one place'],
  ['/features', 'Everything a day on the road needs, in one console'],
  ['/use-cases', 'How fleets use the console'],
  ['/about-us', 'Software for the people who keep fleets moving'],
  ['/contact', 'Contact Us'],
  ['/terms-conditions', 'Terms & Conditions'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/cookie-policy', 'Cookie Policy'],
  ['/blog', 'Notes from the road'],
  ['/blog/proof-of-delivery-that-settles-disputes', 'Proof of delivery that settles disputes'],
  ['/api-catalog', 'API catalogue'],
  ['/api-catalog/location', 'Locations API'],
  ['/schoolBus', 'School transport that runs on time'],
] as const;
