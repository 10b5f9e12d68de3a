// A GPX file as a phone exports it, for the Map Lab's import tests (app/lib/rules/map-*.test.ts).
export const GPX = `<?xml version="1.0" encoding="UTF-8"?>
<!-- exported by a phone -->
<gpx version="1.1" creator="Test &amp; Co" xmlns="http://www.topografix.com/GPX/1/1">
  <metadata><name>Not a place</name></metadata>
  <wpt lat="28.6562" lon="77.2301"><name>Chandni Chowk &amp; Paranthe Wali Gali</name></wpt>
  <wpt lat='28.5677' lon='77.2433'/>
  <rte><name>Walk</name><rtept lat="28.60" lon="77.20"/><rtept lat="28.61" lon="77.21"/></rte>
  <trk>
    <name><![CDATA[Morning <ride>]]></name>
    <trkseg>
      <trkpt lat="28.6139" lon="77.2090"><ele>216</ele><name>point names are not shown</name></trkpt>
      <trkpt lat="28.6140" lon="77.2095"/>
      <trkpt lat="28.6150" lon="77.2100"/>
    </trkseg>
    <trkseg><trkpt lat="28.7" lon="77.3"/></trkseg>
  </trk>
</gpx>`;
