// Mantine styles this screen uses beyond the common set of app/styles.ts.
import '@mantine/charts/styles.css';
