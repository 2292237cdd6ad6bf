import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { ErrorBoundary } from '../components/error-boundary';
import { Toaster } from '../components/toaster';
import { AppRouter } from './router';
import { ScrollManager } from './scroll-manager';
import { SessionProvider } from './session-provider';
import { store } from './store';
import { ThemeModeProvider } from './theme-mode-provider';

export function App() {
  return (
    <Provider store={store}>
      <ThemeModeProvider>
        <BrowserRouter>
          <ScrollManager />
          <SessionProvider>
            <ErrorBoundary>
              <AppRouter />
            </ErrorBoundary>
            <Toaster />
          </SessionProvider>
        </BrowserRouter>
      </ThemeModeProvider>
    </Provider>
  );
}
