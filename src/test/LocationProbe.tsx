import { useLocation } from 'react-router-dom';

/** Renders the current location so tests can assert navigations. */
export function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{`${location.pathname}${location.search}`}</output>;
}
