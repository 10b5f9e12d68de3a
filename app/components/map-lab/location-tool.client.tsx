import { useEffect, useRef, useState } from "react";
import { Circle, CircleMarker, Popup } from "react-leaflet";
import { CurrentLocationButton } from "~/components/map/current-location-button";
import type { Message } from "~/components/map/status-line";
import { useT } from "~/components/use-t";
import { DEFAULT_LOCATION, geolocationGranted } from "~/lib/client/geolocation";
import { formatCoordinates, LOCATING } from "~/lib/client/location-picker";
import { msg } from "~/lib/i18n/translate";
import type { LatLng } from "~/lib/rules/geo";
import {
  accuracyMetres,
  CURRENT_LOCATION_ZOOM,
  currentLocationError,
  LAB_GEOLOCATION,
  LAB_GEOLOCATION_UNSUPPORTED,
  LAB_ZOOM,
  type LabPin,
} from "~/lib/rules/map-lab";
import { YOU_ARE_HERE_COLOUR } from "~/lib/rules/markers";
import { LabMap, ViewTo } from "./lab-map.client";
import { PinActions } from "./pins";

const MY_LOCATION = msg("My location");

interface Fix {
  position: LatLng;
  accuracy: number;
}

/**
 * The visitor's position (a fresh, precise fix within 10 s) with the circle it is accurate to and
 * 'Accuracy: N m'. It asks only when the button is pressed, or at once when location is already allowed.
 */
export function LocationTool({ onAddPin }: { onAddPin: (pin: LabPin) => void }) {
  const t = useT();
  const [fix, setFix] = useState<Fix | null>(null);
  const [locating, setLocating] = useState(false);
  const [status, setStatus] = useState<Message>(null);
  const mounted = useRef(true);

  function locate() {
    if (!navigator.geolocation) {
      setStatus({ tone: "error", text: LAB_GEOLOCATION_UNSUPPORTED });
      return;
    }
    setLocating(true);
    setStatus({ tone: "info", text: LOCATING });
    navigator.geolocation.getCurrentPosition(
      (position) => {
        if (!mounted.current) return;
        setLocating(false);
        setStatus(null);
        setFix({
          position: { lat: position.coords.latitude, lng: position.coords.longitude },
          accuracy: accuracyMetres(position.coords.accuracy),
        });
      },
      (error) => {
        if (!mounted.current) return;
        setLocating(false);
        setStatus({ tone: "error", text: currentLocationError(error) });
      },
      LAB_GEOLOCATION,
    );
  }

  const locateRef = useRef(locate);
  locateRef.current = locate;
  useEffect(() => {
    mounted.current = true;
    void geolocationGranted().then((granted) => {
      if (granted && mounted.current) locateRef.current();
    });
    return () => {
      mounted.current = false;
    };
  }, []);

  return (
    <div>
      <CurrentLocationButton
        locating={locating}
        message={status}
        onLocate={locate}
        label={t("Show my location")}
        className="bg-primary text-primary-foreground"
      />
      <div className="mt-3">
        <LabMap center={DEFAULT_LOCATION} zoom={LAB_ZOOM} label={t("Map of your current location")}>
          {fix ? (
            <>
              <ViewTo center={fix.position} zoom={CURRENT_LOCATION_ZOOM} />
              <Circle
                center={[fix.position.lat, fix.position.lng]}
                radius={fix.accuracy}
                pathOptions={{ color: YOU_ARE_HERE_COLOUR, weight: 1, fillOpacity: 0.15 }}
              />
              <CircleMarker
                center={[fix.position.lat, fix.position.lng]}
                radius={8}
                pathOptions={{ color: "#ffffff", weight: 3, fillColor: YOU_ARE_HERE_COLOUR, fillOpacity: 1 }}
              >
                <Popup>{t("You are here")}</Popup>
              </CircleMarker>
            </>
          ) : null}
        </LabMap>
      </div>
      {fix ? (
        <>
          <p className="mt-2 font-semibold text-sm" data-testid="accuracy">
            {t("Accuracy: {metres} m", { metres: fix.accuracy })}
          </p>
          <p className="text-sm">
            <span className="text-ink-muted">{t("Coordinates:")} </span>
            <span className="font-mono tabular-nums">{formatCoordinates(fix.position)}</span>
          </p>
          <PinActions pin={{ label: t(MY_LOCATION), position: fix.position }} onAdd={onAddPin} />
        </>
      ) : null}
    </div>
  );
}
