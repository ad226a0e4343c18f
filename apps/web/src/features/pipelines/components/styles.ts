// Styles of the Mantine components these screens use that app/styles.ts does not load (it loads
// per-component CSS, DESIGN §7); importing one twice is harmless. Order as in Mantine's styles.css.
// biome-ignore-all assist/source/organizeImports: order matters
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/InlineInput.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/Card.css';
import '@mantine/core/styles/Kbd.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Stepper.css';
import '@mantine/charts/styles.css';
