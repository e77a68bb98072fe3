// Fictional demo material (names, addresses, companies, notes, interaction templates): the server's
// demo seed and the app's Storybook screens read the same records. Not used by the client itself.
export * from './material';
export * from './products';
export * from './staff';
