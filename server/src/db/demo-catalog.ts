import type { compatibilityStatus } from './schema.js';

type Status = (typeof compatibilityStatus.enumValues)[number];

/** One kind of system with the assemblies and sub-assemblies it is typically built from: [name, type code]. */
export interface Domain {
  system: string;
  description: string;
  /** Wording of a system version's description, next to the generic release notes. */
  releaseNote: string;
  assemblies: ReadonlyArray<readonly [string, string]>;
  subassemblies: ReadonlyArray<readonly [string, string]>;
}

export const DOMAINS: readonly Domain[] = [
  {
    system: 'ETCS Onboard Unit',
    description: 'European Train Control System Level 2, Fahrzeugausrüstung nach Baseline 3',
    releaseNote: 'Baseline 3 Release 2 maintenance update',
    assemblies: [
      ['European Vital Computer', 'EVC'], ['Balise Transmission Module', 'BTM'], ['Odometry Unit', 'ODO'],
      ['Driver Machine Interface', 'DMI'], ['Radio Transmission Module', 'RTM'], ['Juridical Recording Unit', 'JRU'],
      ['Specific Transmission Module LZB/PZB', 'STM'], ['Train Interface Unit', 'TIU'], ['Eurobalise-Antenne', 'EBA'],
      ['Zugfunk-Einheit GSM-R', 'ZFE'],
    ],
    subassemblies: [
      ['Radar-Geschwindigkeitssensor', 'RGS'], ['Wheel Speed Sensor', 'WSS'], ['Antenna Cable Set', 'ACS'],
      ['GSM-R Modem', 'GRM'], ['Safety Processor Board', 'SPB'], ['Power Supply Board 110 V', 'PSB'],
      ['DMI Touch Panel', 'DTP'], ['Recording Memory Card', 'RMC'], ['Beschleunigungssensor', 'BSS'], ['Digital I/O Board', 'DIO'],
    ],
  },
  {
    system: 'Traction Converter',
    description: 'Traktionsstromrichter für 15 kV 16,7 Hz und 25 kV 50 Hz',
    releaseNote: 'Optimierte Schaltfrequenz der Pulswechselrichter',
    assemblies: [
      ['Stromrichtermodul', 'SRM'], ['DC-Link Capacitor Bank', 'DCL'], ['Line Filter Choke', 'LFC'], ['Gate Drive Unit', 'GDU'],
      ['Traction Control Unit', 'TCU'], ['Kühlanlage', 'KA'], ['Auxiliary Converter', 'ACV'], ['Main Circuit Breaker', 'MCB'],
      ['Vorladeeinheit', 'VLE'], ['Brake Chopper', 'BCH'],
    ],
    subassemblies: [
      ['IGBT Module 3.3 kV', 'IGM'], ['Gate Driver Board', 'GDB'], ['Current Transducer', 'CT'], ['Kühlwasserpumpe', 'KWP'],
      ['Lüfter', 'LÜ'], ['Temperatursensor PT100', 'PT'], ['Voltage Sensor', 'VS'], ['Control Board', 'CB'],
      ['Fibre Optic Link', 'FOL'], ['Snubber Capacitor', 'SC'],
    ],
  },
  {
    system: 'Train Control Management System',
    description: 'Fahrzeugsteuerung und Zugkommunikation (TCN, ECN/ETB)',
    releaseNote: 'New diagnostic events for the ECN backbone',
    assemblies: [
      ['Central Control Unit', 'CCU'], ['Ethernet Consist Network Switch', 'ECN'], ['MVB Gateway', 'MVB'],
      ['Remote I/O Module', 'RIO'], ['Diagnosedisplay', 'DD'], ['Event Recorder', 'EVR'], ['Wireless Train Backbone Node', 'WTB'],
      ['Train Communication Gateway', 'TCG'], ['Vehicle Control Unit', 'VCU'], ['Fahrerraum-Bedienpult', 'FBP'],
    ],
    subassemblies: [
      ['CPU Board', 'CPU'], ['Network Interface Card', 'NIC'], ['M12 Connector Set', 'M12'], ['Power Supply Module 24 V', 'PSM'],
      ['Flash Memory Module', 'FMM'], ['Digital Input Card', 'DIC'], ['Relay Output Card', 'ROC'], ['Câble de liaison', 'CDL'],
      ['Real-Time Clock Battery', 'RTC'], ['Rückwandplatine', 'RWP'],
    ],
  },
  {
    system: 'Brake Control Unit',
    description: 'Elektropneumatische Bremssteuerung mit Gleitschutz',
    releaseNote: 'Angepasste Bremskurven für Gefällestrecken',
    assemblies: [
      ['Bremsgerät', 'BG'], ['Electronic Brake Control', 'EBC'], ['Wheel Slide Protection', 'WSP'], ['Brake Pressure Regulator', 'BPR'],
      ['Parking Brake Module', 'PBM'], ['Magnetschienenbremse-Steuerung', 'MSB'], ['Bremstafel', 'BT'],
      ['Emergency Brake Loop Relay', 'EBL'], ['Compressor Control', 'CC'], ['Luftversorgungsanlage', 'LVA'],
    ],
    subassemblies: [
      ['Drucksensor', 'DS'], ['Magnetventil', 'MV'], ['Relay Valve', 'RV'], ['Speed Sensor', 'SS'], ['Bremszylinder', 'BZ'],
      ['Pressure Switch', 'PS'], ['Bremsrechner-Platine', 'BRP'], ['Luftfilter', 'LF'], ['Check Valve', 'CV'], ['Pneumatic Manifold', 'PM'],
    ],
  },
  {
    system: 'Passenger Information System',
    description: 'Fahrgastinformation, Durchsagen und Videoüberwachung',
    releaseNote: 'Support for dynamic connection information',
    assemblies: [
      ['Fahrgastinformationsdisplay', 'FID'], ['Passenger Announcement Amplifier', 'PAA'], ['Onboard Server', 'OBS'],
      ['Zugzielanzeiger', 'ZZA'], ['Intercom Unit', 'ICU'], ['CCTV Recorder', 'CCR'], ['Seat Reservation Display', 'SRD'],
      ['Wi-Fi Access Point', 'WAP'], ['Driver Microphone Panel', 'DMP'], ['Fahrgastzählsensor', 'FZS'],
    ],
    subassemblies: [
      ['LED Matrix Panel', 'LMP'], ['TFT Display 18.5"', 'TFT'], ['Lautsprecher', 'LS'], ['Microphone', 'MIC'],
      ['Media Player Board', 'MPB'], ['SSD Storage Module', 'SSD'], ['Camera Head', 'CAM'], ['Roof Antenna', 'ANT'],
      ['Audio Codec Board', 'ACB'], ['Notrufknopf', 'NRK'],
    ],
  },
  {
    system: 'Door Control',
    description: 'Türsteuerung für Außenschwenkschiebetüren mit Trittstufen',
    releaseNote: 'Shorter closing time at terminal stations',
    assemblies: [
      ['Türsteuergerät', 'TSG'], ['Door Drive Unit', 'DDU'], ['Trittstufensteuerung', 'TST'], ['Obstacle Detection', 'OD'],
      ['Door Leaf Assembly', 'DLA'], ['Door Lock Module', 'DLM'], ['Spaltüberbrückung', 'SÜB'], ['Door Release Panel', 'DRP'],
      ['Notentriegelung', 'NE'], ['Door Operator Panel', 'DOP'],
    ],
    subassemblies: [
      ['Türantriebsmotor', 'TAM'], ['Door Lock Switch', 'DLS'], ['Sensitive Edge', 'SE'], ['Light Curtain', 'LC'],
      ['Spindle Drive', 'SD'], ['Taster', 'TA'], ['Limit Switch', 'LSW'], ['Door Controller Board', 'DCB'],
      ['Sélecteur de mode', 'SDM'], ['Akustischer Signalgeber', 'ASG'],
    ],
  },
  {
    system: 'Pantograph Control',
    description: 'Stromabnehmersteuerung mit automatischer Senkeinrichtung',
    releaseNote: 'Contact force control for 250 km/h operation',
    assemblies: [
      ['Pantograph Control Unit', 'PCU'], ['Automatic Dropping Device', 'ADD'], ['Ventiltafel', 'VT'], ['Contact Force Control', 'CFC'],
      ['Pantograph Monitoring Camera', 'PMC'], ['Hauptschaltersteuerung', 'HSS'], ['Isolation Switch Drive', 'ISD'],
      ['Insulation Monitoring', 'IM'], ['Dachtrenner-Antrieb', 'DTA'], ['Systemwahlschalter', 'SWS'],
    ],
    subassemblies: [
      ['Air Pressure Sensor', 'APS'], ['Solenoid Valve', 'SV'], ['Schleifleisten-Sensor', 'SLS'], ['Position Sensor', 'POS'],
      ['Control Relay', 'CR'], ['Luftbalg', 'LB'], ['Pressure Regulator', 'PR'], ['Camera Module', 'CM'], ['Stützisolator', 'SI'],
      ['Roof Limit Switch', 'RLS'],
    ],
  },
  {
    system: 'HVAC Control',
    description: 'Klimatisierung von Fahrgast- und Führerraum',
    releaseNote: 'Energiesparmodus bei abgestelltem Fahrzeug',
    assemblies: [
      ['HVAC Controller', 'HVC'], ['Klimagerät Fahrgastraum', 'KGF'], ['Driver Cab Air Conditioning', 'DCA'], ['Heizgerät', 'HG'],
      ['Fresh Air Damper Control', 'FAD'], ['Fan Control Unit', 'FCU'], ['CO₂ Sensor Array', 'CO2'], ['Compressor Inverter', 'CI'],
      ['Fußbodenheizung', 'FBH'], ['Condenser Fan Module', 'CFM'],
    ],
    subassemblies: [
      ['Temperature Sensor', 'TS'], ['Feuchtesensor', 'FS'], ['Damper Actuator', 'DA'], ['EC Fan', 'ECF'], ['Heizregister', 'HR'],
      ['Scroll Compressor', 'SCC'], ['Expansion Valve', 'EV'], ['Filtermatte', 'FM'], ['Détecteur de fumée', 'DDF'],
      ['Frequency Inverter Board', 'FIB'],
    ],
  },
];

/** Vehicle platforms that name the systems of every platform after the first (sizes M and L). */
export const PLATFORMS = [
  'Vectron', 'Desiro HC', 'Mireo', 'Velaro D', 'ICE 4', 'Avenio', 'Inspiro', 'Charger', 'Smartron', 'Airflo',
  'Viaggio Comfort', 'Desiro City', 'Velaro Novo', 'Mireo Plus H', 'Vectron Dual Mode', 'Avenio M', 'Combino',
  'S700', 'Eurosprinter', 'Taurus', 'Velaro RUS', 'Velaro TR', 'Rhein-Ruhr-Express', 'Class 700', 'Class 707',
];

export const SYSTEM_RELEASE_NOTES = [
  'Serienstand',
  'Field test release',
  'Sicherheitsupdate (Cybersecurity nach TS 50701)',
  'Homologated release',
  'Pilotbetrieb auf der Referenzflotte',
  'Bugfix release',
  '',
];

export const VERSION_NOTES = [
  'Serienausführung',
  'Improved EMC filter',
  'Redesign wegen Abkündigung (Obsoleszenz) des Prozessors',
  'Variant for cold climate (−40 °C)',
  'Ersatzteilstand',
  'Lead-free soldering (RoHS)',
  'Geänderte Steckerbelegung X12',
  'Reinforced housing for bogie mounting',
  '',
  '',
];

/** The internal obligation texts every size starts with: both languages, all statuses, some empty. */
export const OBLIGATIONS: ReadonlyArray<readonly [Status, string]> = [
  ['allowed', 'Uneingeschränkt kompatibel.'],
  ['allowed', 'Compatible without restrictions.'],
  ['allowed', 'Kompatibel; keine zusätzlichen Maßnahmen erforderlich.'],
  ['allowed', 'Compatible. Tested in the system integration lab (SIL).'],
  ['allowed', 'Freigegeben gemäß Typprüfung.'],
  ['allowed', 'Compatible; spare part may be used in mixed fleets.'],
  ['allowed', 'Kompatibel ab Serienstand; Nachrüstung im Rahmen der Instandhaltung zulässig.'],
  ['allowed', ''],
  ['conditional', 'Nur kompatibel nach Software-Update der Fahrzeugsteuerung auf Version 3.2.0 oder höher.'],
  ['conditional', 'Only compatible after software update of the TCMS to version 3.2.0 or later.'],
  ['conditional', 'Nur in Verbindung mit Adapterkabel A2V00002345678 zulässig.'],
  ['conditional', 'Requires recalibration of the wheel diameter after installation.'],
  ['conditional', 'Einbau nur nach Prüfung der Steckerbelegung gemäß Prüfanweisung PA-117.'],
  ['conditional', 'Requires a firmware update of the gate driver boards, see TR-2023-0147.'],
  ['conditional', 'Vorbehalt: Parametrierung der Bremskurven muss angepasst werden.'],
  ['conditional', 'Conditional: only for vehicles with modification ÄM-2024-0312 applied.'],
  ['conditional', 'Bedingt kompatibel – Mischbetrieb nur bis zur nächsten Hauptuntersuchung.'],
  ['conditional', ''],
  ['forbidden', 'Nicht kompatibel: abweichende Steckerbelegung.'],
  ['forbidden', 'Not compatible – different communication protocol (MVB instead of Ethernet).'],
  ['forbidden', 'Einsatz verboten: fehlende Zulassung nach EN 50155.'],
  ['forbidden', 'Forbidden: thermal design not sufficient for this converter.'],
  ['forbidden', 'Nicht zulässig, da die Sicherheitsnachweise (SIL 2) nicht übertragbar sind.'],
  ['forbidden', 'Not compatible: mechanical interface changed (mounting holes moved by 12 mm).'],
  ['forbidden', 'Verboten – Softwarestände inkompatibel, Fehlermeldung F0815 im Diagnosesystem.'],
  ['irrelevant', 'Keine Schnittstelle – Kombination irrelevant.'],
  ['irrelevant', 'No functional interface between the components.'],
  ['irrelevant', 'Irrelevant: components are installed in different vehicle types.'],
  ['irrelevant', 'Nicht relevant für die Zulassung.'],
  ['irrelevant', ''],
];

/** Standards and documents every size starts with: [reference, description]. */
export const REFERENCES: ReadonlyArray<readonly [string, string]> = [
  ['EN 50155', 'Railway applications – Rolling stock – Electronic equipment'],
  ['EN 50121-3-2', 'Elektromagnetische Verträglichkeit – Fahrzeuge – Geräte'],
  ['EN 45545-2', 'Brandschutz in Schienenfahrzeugen – Anforderungen an das Brandverhalten von Materialien'],
  ['EN 50126', 'RAMS – Spezifikation und Nachweis von Zuverlässigkeit, Verfügbarkeit, Instandhaltbarkeit und Sicherheit'],
  ['EN 50128', 'Software für Eisenbahnsteuerungs- und Überwachungssysteme'],
  ['EN 50129', 'Safety-related electronic systems for signalling'],
  ['EN 61373', 'Schock- und Schwingungsprüfungen für Betriebsmittel von Bahnfahrzeugen'],
  ['IEC 61375-1', 'Train Communication Network (TCN) – General architecture'],
  ['UNISIG Subset-026', 'ERTMS/ETCS System Requirements Specification, Baseline 3'],
  ['EN 14198', 'Bremsen – Anforderungen an die Bremsausrüstung lokbespannter Züge'],
  ['EN 14752', 'Seiteneinstiegssysteme für Schienenfahrzeuge'],
  ['EN 50367', 'Stromabnehmer – Kriterien für das Zusammenwirken mit der Oberleitung'],
  ['EN 14750-1', 'Luftbehandlung in Schienenfahrzeugen – Behaglichkeitsparameter'],
  ['TR-2023-0147', 'Technischer Bericht: Verträglichkeit der Gate-Treiber-Firmware mit dem Stromrichtermodul'],
  ['ÄM-2024-0312', 'Änderungsmitteilung: geänderte Steckerbelegung X12 am Türsteuergerät'],
];

export const COMMENTS = [
  'Freigabe durch Fachbereich Bremse am 12.03.2025 bestätigt.',
  'Tested on vehicle 193 871 – no findings.',
  'Bitte vor Einbau Rücksprache mit dem Engineering halten.',
  'Customer asked for a re-evaluation after ÄM-2024-0312.',
  'Prüfung im Labor ergab keine Auffälligkeiten.',
  'Restriction can be lifted once firmware 4.1 is released.',
  'Hinweis: gilt nur für Fahrzeuge mit Klimapaket „Nord“.',
  'Cross-checked with the supplier documentation, see TR-2023-0147.',
];

/** Data-state notes as the rich-text editor stores them. */
export const DATASET_ENTRIES = [
  '<h3>Datenstand 2024-Q3</h3><p>Erstimport der Kompatibilitäten aus der Excel-Liste <em>Kompatibilitätsmatrix_v12.xlsx</em>.</p>',
  '<p>Imported the <strong>ETCS Baseline 3</strong> approvals; see <a href="https://example.com/etcs">release overview</a>.</p><ul><li>EVC software 2.4.1</li><li>DMI software 1.9.0</li></ul>',
  '<h3>Bereinigung Türsteuerung</h3><p>Doppelte Versionen des <strong>Türsteuergeräts</strong> zusammengeführt; Verweise auf ÄM-2024-0312 ergänzt.</p>',
  '<p>Obligation texts reviewed with the homologation team.</p><table><tbody><tr><td>conditional</td><td>12 texts updated</td></tr><tr><td>forbidden</td><td>3 texts merged</td></tr></tbody></table>',
  '<h3>Datenstand 2026-Q2</h3><p>Freigaben für Traktionsstromrichter und Bremsgerät aktualisiert.</p><ol><li>Stromrichtermodul: neue Gate-Treiber</li><li>Bremsgerät: geänderte Bremskurven</li></ol>',
];
