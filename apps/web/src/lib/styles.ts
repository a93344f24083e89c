// The app's global style sheets (Mantine's). main.tsx imports this module dynamically so that the
// style sheets do not hold the first paint (index.html shows the app's name meanwhile, and asks
// for them at once); the app renders once they have arrived.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
