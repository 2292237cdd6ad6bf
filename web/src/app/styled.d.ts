import 'styled-components';
import type { AppTheme } from './theme';

declare module 'styled-components' {
  // The app's theme is the styled-components theme everywhere (`props.theme.colors...`).
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  export interface DefaultTheme extends AppTheme {}
}
