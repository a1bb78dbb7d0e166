import {
  createContext,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useMemo,
  useState,
  useSyncExternalStore,
} from 'react';
import { createI18n, langOf, type I18n } from './i18n.ts';
import { useRoute } from './router.ts';
import { loadSession, saveSession, type StoredSession } from './session.ts';
import { DriverDay, type DayState } from './store.ts';
import { SignIn } from './screens/SignIn.tsx';
import { Today } from './screens/Today.tsx';
import { TripScreen } from './screens/TripScreen.tsx';
import { StatusBar } from './screens/StatusBar.tsx';

// The reports from the road load when opened: the first load stays small.
const RefuelScreen = lazy(() => import('./screens/RefuelScreen.tsx'));
const AccidentScreen = lazy(() => import('./screens/AccidentScreen.tsx'));
const VehicleScreen = lazy(() => import('./screens/VehicleScreen.tsx'));
const MessagesScreen = lazy(() => import('./screens/MessagesScreen.tsx'));

const I18nContext = createContext<I18n>(createI18n('en'));
export const useI18n = () => useContext(I18nContext);

const DayContext = createContext<DriverDay | null>(null);
export function useDay(): { day: DriverDay; state: DayState } {
  const day = useContext(DayContext)!;
  const state = useSyncExternalStore(day.subscribe, day.snapshot);
  return { day, state };
}

export function App() {
  const [session, setSession] = useState<StoredSession | null>(() => loadSession());
  const i18n = useMemo(
    () => createI18n(langOf(session?.driver.language ?? navigator.language), session?.driver),
    [session],
  );

  useEffect(() => {
    document.documentElement.lang = i18n.lang;
    document.documentElement.dir = i18n.dir;
    document.title = i18n.t('appName');
  }, [i18n]);

  return (
    <I18nContext.Provider value={i18n}>
      {session ? (
        <SignedIn key={session.token} session={session} onSignOut={() => setSession(null)} />
      ) : (
        <SignIn onSignedIn={(s) => setSession(saveSession(s))} />
      )}
    </I18nContext.Provider>
  );
}

function SignedIn({ session, onSignOut }: { session: StoredSession; onSignOut: () => void }) {
  const [day] = useState(() => new DriverDay(session));
  useEffect(() => day.start(), [day]);
  const route = useRoute();
  const i18n = useI18n();
  return (
    <DayContext.Provider value={day}>
      <StatusBar onSignOut={onSignOut} />
      <main id="main">
        <Suspense fallback={<p className="empty">{i18n.t('loading')}</p>}>
          {route.name === 'trip' ? (
            <TripScreen key={route.id} tripId={route.id} />
          ) : route.name === 'refuel' ? (
            <RefuelScreen />
          ) : route.name === 'accident' ? (
            <AccidentScreen />
          ) : route.name === 'vehicle' ? (
            <VehicleScreen />
          ) : route.name === 'messages' ? (
            <MessagesScreen />
          ) : (
            <Today />
          )}
        </Suspense>
      </main>
    </DayContext.Provider>
  );
}
