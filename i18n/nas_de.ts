<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de_DE">
<context>
    <name>ArchiveBrowser</name>
    <message>
        <source>Choose the missing URLs to add.</source>
        <translation>Wählen Sie die hinzuzufügenden fehlenden URLs.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s) added to {list} of {domain}.</source>
        <translation>
            <numerusform>%Ln Seed zu {list} von {domain} hinzugefügt.</numerusform>
            <numerusform>%Ln Seeds zu {list} von {domain} hinzugefügt.</numerusform>
        </translation>
    </message>
    <message>
        <source>What the archive holds of this page cannot be read: {reason}</source>
        <translation>Was das Archiv von dieser Seite hat, kann nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>The other captures of this page cannot be listed: {reason}</source>
        <translation>Die anderen Erfassungen dieser Seite können nicht aufgelistet werden: {reason}</translation>
    </message>
    <message>
        <source>The other capture cannot be shown: {reason}</source>
        <translation>Die andere Erfassung kann nicht angezeigt werden: {reason}</translation>
    </message>
    <message>
        <source>Asking the archive for it...</source>
        <translation>Das Archiv wird angefragt...</translation>
    </message>
    <message>
        <source>Downloading: {done} of {size}</source>
        <translation>Herunterladen: {done} von {size}</translation>
    </message>
    <message>
        <source>Downloading: {done}</source>
        <translation>Herunterladen: {done}</translation>
    </message>
    <message>
        <source>The download failed: {reason}</source>
        <translation>Das Herunterladen ist fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>Saved {path} ({size}).</source>
        <translation>{path} gespeichert ({size}).</translation>
    </message>
    <message>
        <source>the archive&apos;s file server did not hand it out</source>
        <translation>der Dateiserver des Archivs hat sie nicht herausgegeben</translation>
    </message>
    <message>
        <source>it arrived damaged (its checksum is not the archive&apos;s); nothing was saved</source>
        <translation>sie kam beschädigt an (ihre Prüfsumme ist nicht die des Archivs); nichts wurde gespeichert</translation>
    </message>
    <message>
        <source>the file cannot be written</source>
        <translation>die Datei kann nicht geschrieben werden</translation>
    </message>
    <message>
        <source>it was cancelled</source>
        <translation>er wurde abgebrochen</translation>
    </message>
</context>
<context>
    <name>ArchiveBrowserScreen</name>
    <message>
        <source>Archive browser</source>
        <translation>Archiv-Browser</translation>
    </message>
    <message>
        <source>Browse what a job archived, and collect the URLs it missed.</source>
        <translation>Durchsuchen, was ein Job archiviert hat, und die fehlenden URLs sammeln.</translation>
    </message>
    <message>
        <source>Jobs to browse:</source>
        <translation>Zu durchsuchende Jobs:</translation>
    </message>
    <message>
        <source>job numbers, e.g. 12 13</source>
        <translation>Jobnummern, z. B. 12 13</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation>Durchsuchen</translation>
    </message>
    <message>
        <source>Qt WebEngine is not installed here.</source>
        <translation>Qt WebEngine ist hier nicht installiert.</translation>
    </message>
    <message>
        <source>Jobs {first} … {last} ({count})</source>
        <translation>Jobs {first} … {last} ({count})</translation>
    </message>
    <message>
        <source>Jobs {ids}</source>
        <translation>Jobs {ids}</translation>
    </message>
</context>
<context>
    <name>ArchiveTab</name>
    <message>
        <source>Record missing URLs</source>
        <translation>Fehlende URLs aufzeichnen</translation>
    </message>
    <message>
        <source>Refresh the list</source>
        <translation>Liste aktualisieren</translation>
    </message>
    <message>
        <source>Domain (e.g. kb.dk)</source>
        <translation>Domain (z. B. kb.dk)</translation>
    </message>
    <message>
        <source>Seed list</source>
        <translation>Seed-Liste</translation>
    </message>
    <message>
        <source>Add selected as seeds</source>
        <translation>Auswahl als Seeds hinzufügen</translation>
    </message>
    <message>
        <source>◀ Previous capture</source>
        <translation>◀ Vorherige Erfassung</translation>
    </message>
    <message>
        <source>Next capture ▶</source>
        <translation>Nächste Erfassung ▶</translation>
    </message>
    <message>
        <source>Download record</source>
        <translation>Datensatz herunterladen</translation>
    </message>
    <message>
        <source>Save this page&apos;s record, as the archive stores it</source>
        <translation>Den Datensatz dieser Seite so speichern, wie das Archiv ihn aufbewahrt</translation>
    </message>
    <message>
        <source>Download file</source>
        <translation>Datei herunterladen</translation>
    </message>
    <message>
        <source>Save the whole archive file that holds this page&apos;s record</source>
        <translation>Die ganze Archivdatei speichern, die den Datensatz dieser Seite enthält</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>WACZ exportieren…</translation>
    </message>
    <message>
        <source>The jobs of this session as one WACZ file</source>
        <translation>Die Jobs dieser Sitzung als eine WACZ-Datei</translation>
    </message>
    <message>
        <source>Pages of the job</source>
        <translation>Seiten des Jobs</translation>
    </message>
    <message>
        <source>Seeds first, then the pages the browser rendered, then the other HTML pages. Click one to show it as archived.</source>
        <translation>Zuerst die Seeds, dann die vom Browser dargestellten Seiten, dann die übrigen HTML-Seiten. Klicken Sie auf eine, um sie so zu sehen, wie sie archiviert ist.</translation>
    </message>
    <message>
        <source>URL starts with… (example.dk/news/)</source>
        <translation>URL beginnt mit … (example.dk/news/)</translation>
    </message>
    <message>
        <source>Job {job}</source>
        <translation>Job {job}</translation>
    </message>
    <message>
        <source>The jobs of this session ({jobs}), with their metadata and the originals of their revisits.</source>
        <translation>Die Jobs dieser Sitzung ({jobs}) mit ihren Metadaten und den Originalen ihrer Revisits.</translation>
    </message>
    <message>
        <source>The page {url} is not shown: its certificate is not the viewerproxy&apos;s ({reason}). Close this tab and browse again: the new tab trusts the viewerproxy&apos;s current certificate.</source>
        <translation>Die Seite {url} wird nicht angezeigt: Ihr Zertifikat ist nicht das des Viewerproxys ({reason}). Schließen Sie diesen Tab und durchsuchen Sie erneut: Der neue Tab vertraut dem aktuellen Zertifikat des Viewerproxys.</translation>
    </message>
    <message>
        <source>Missing URLs</source>
        <translation>Fehlende URLs</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing URL(s)</source>
        <translation>
            <numerusform>%Ln fehlende URL</numerusform>
            <numerusform>%Ln fehlende URLs</numerusform>
        </translation>
    </message>
    <message>
        <source>Record missing URLs ({count})</source>
        <translation>Fehlende URLs aufzeichnen ({count})</translation>
    </message>
    <message>
        <source>Asked for by {referrer}</source>
        <translation>Angefordert von {referrer}</translation>
    </message>
    <message>
        <source>Not in the archive</source>
        <translation>Nicht im Archiv</translation>
    </message>
    <message>
        <source>Captured {when}</source>
        <translation>Erfasst {when}</translation>
    </message>
    <message>
        <source>Record: {file} at offset {offset}</source>
        <translation>Datensatz: {file} an Offset {offset}</translation>
    </message>
    <message>
        <source>Earlier capture: {when}</source>
        <translation>Frühere Erfassung: {when}</translation>
    </message>
    <message>
        <source>Later capture: {when}</source>
        <translation>Spätere Erfassung: {when}</translation>
    </message>
    <message>
        <source>capture {n} of {count}</source>
        <translation>Erfassung {n} von {count}</translation>
    </message>
    <message>
        <source>Save the record</source>
        <translation>Datensatz speichern</translation>
    </message>
    <message>
        <source>Save the archive file</source>
        <translation>Archivdatei speichern</translation>
    </message>
    <message>
        <source>The viewerproxy cannot be reached, so no archived page can be shown (nothing is fetched from the live web): {reason}</source>
        <translation>Der Viewerproxy ist nicht erreichbar, daher kann keine archivierte Seite gezeigt werden (nichts wird aus dem Live-Web geholt): {reason}</translation>
    </message>
</context>
<context>
    <name>BitIntegrity</name>
    <message>
        <source>file list</source>
        <translation>Dateiliste</translation>
    </message>
    <message>
        <source>checksums</source>
        <translation>Prüfsummen</translation>
    </message>
    <message>
        <source>salted challenge</source>
        <translation>gesalzene Prüfung</translation>
    </message>
    <message>
        <source>reestablish missing</source>
        <translation>fehlende wiederherstellen</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>in der Warteschlange</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>fehlt</translation>
    </message>
    <message>
        <source>corrupt</source>
        <translation>beschädigt</translation>
    </message>
    <message>
        <source>disputed: a person must look</source>
        <translation>strittig: ein Mensch muss prüfen</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Befund</translation>
    </message>
    <message>
        <source>Reference checksum</source>
        <translation>Referenzprüfsumme</translation>
    </message>
    <message>
        <source>Checksum in this replica</source>
        <translation>Prüfsumme in diesem Replikat</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>Geprüft</translation>
    </message>
</context>
<context>
    <name>BitIntegrityScreen</name>
    <message>
        <source>Bit integrity</source>
        <translation>Bit-Integrität</translation>
    </message>
    <message>
        <source>Every replica&apos;s files checked: audits, missing and corrupt copies, repair.</source>
        <translation>Die Dateien aller Replikate geprüft: Prüfungen, fehlende und beschädigte Kopien, Reparatur.</translation>
    </message>
    <message>
        <source>Choose a replica to see its missing and corrupt copies.</source>
        <translation>Wählen Sie ein Replikat, um seine fehlenden und beschädigten Kopien zu sehen.</translation>
    </message>
    <message>
        <source>Start audit</source>
        <translation>Prüfung starten</translation>
    </message>
    <message>
        <source>Cancel audit</source>
        <translation>Prüfung abbrechen</translation>
    </message>
    <message>
        <source>Reestablish all missing</source>
        <translation>Alle fehlenden wiederherstellen</translation>
    </message>
    <message>
        <source>Replace this corrupt copy…</source>
        <translation>Diese beschädigte Kopie ersetzen…</translation>
    </message>
    <message>
        <source>Missing copies:</source>
        <translation>Fehlende Kopien:</translation>
    </message>
    <message>
        <source>Corrupt copies:</source>
        <translation>Beschädigte Kopien:</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Replikat</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Fehlend</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Beschädigt</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Strittig</translation>
    </message>
    <message>
        <source>Old checksums</source>
        <translation>Alte Prüfsummen</translation>
    </message>
    <message>
        <source>Oldest checksum</source>
        <translation>Älteste Prüfsumme</translation>
    </message>
    <message>
        <source>Last audit</source>
        <translation>Letzte Prüfung</translation>
    </message>
    <message>
        <source>Replica {replica}</source>
        <translation>Replikat {replica}</translation>
    </message>
    <message numerus="yes">
        <source>{kind} audit {id}: {state}; %Ln file(s) seen, {missing} missing, {corrupt} corrupt</source>
        <translation>
            <numerusform>Prüfung {id} ({kind}): {state}; %Ln Datei gesehen, {missing} fehlend, {corrupt} beschädigt</numerusform>
            <numerusform>Prüfung {id} ({kind}): {state}; %Ln Dateien gesehen, {missing} fehlend, {corrupt} beschädigt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy the %Ln missing file(s) back into {replica} from a good copy in another replica? Nothing is deleted; each copy is checked against the reference checksum.</source>
        <translation>
            <numerusform>Die %Ln fehlende Datei aus einer guten Kopie in einem anderen Replikat nach {replica} zurückkopieren? Nichts wird gelöscht; die Kopie wird gegen die Referenzprüfsumme geprüft.</numerusform>
            <numerusform>Die %Ln fehlenden Dateien aus einer guten Kopie in einem anderen Replikat nach {replica} zurückkopieren? Nichts wird gelöscht; jede Kopie wird gegen die Referenzprüfsumme geprüft.</numerusform>
        </translation>
    </message>
    <message>
        <source>(partial: no answer from {instances})</source>
        <translation>(unvollständig: keine Antwort von {instances})</translation>
    </message>
    <message>
        <source>Choose a corrupt copy first.</source>
        <translation>Wählen Sie zuerst eine beschädigte Kopie.</translation>
    </message>
    <message>
        <source>File: {name} in {replica}</source>
        <translation>Datei: {name} in {replica}</translation>
    </message>
    <message>
        <source>Checksum of the corrupt copy: {checksum}</source>
        <translation>Prüfsumme der beschädigten Kopie: {checksum}</translation>
    </message>
    <message>
        <source>Reference checksum: {checksum}</source>
        <translation>Referenzprüfsumme: {checksum}</translation>
    </message>
    <message>
        <source>Good copy: {replica} ({checksum})</source>
        <translation>Gute Kopie: {replica} ({checksum})</translation>
    </message>
    <message>
        <source>The corrupt copy is moved aside (kept, not deleted) and replaced by the good copy.</source>
        <translation>Die beschädigte Kopie wird beiseitegelegt (aufbewahrt, nicht gelöscht) und durch die gute Kopie ersetzt.</translation>
    </message>
    <message>
        <source>This copy cannot be replaced: {reason}</source>
        <translation>Diese Kopie kann nicht ersetzt werden: {reason}</translation>
    </message>
    <message>
        <source>Replace this corrupt copy</source>
        <translation>Diese beschädigte Kopie ersetzen</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Ersetzen</translation>
    </message>
    <message>
        <source>Replaced {name} in {replica}; the old copy is kept at {attic}</source>
        <translation>{name} in {replica} ersetzt; die alte Kopie liegt in {attic}</translation>
    </message>
</context>
<context>
    <name>BrowseScope</name>
    <message>
        <source>The jobs to browse cannot be listed: {reason}</source>
        <translation>Die zu durchsuchenden Jobs können nicht aufgelistet werden: {reason}</translation>
    </message>
    <message>
        <source>{what}: no ended job to browse yet.</source>
        <translation>{what}: noch kein beendeter Job zum Durchsuchen.</translation>
    </message>
    <message numerus="yes">
        <source>{what}: the newest %Ln job(s) are browsed; older ones are left out.</source>
        <translation>
            <numerusform>{what}: der neueste %Ln Job wird durchsucht; ältere bleiben außen vor.</numerusform>
            <numerusform>{what}: die %Ln neuesten Jobs werden durchsucht; ältere bleiben außen vor.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChannelsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} gespeichert.</translation>
    </message>
</context>
<context>
    <name>ChannelsScreen</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>Snapshot</translation>
    </message>
    <message>
        <source>focused</source>
        <translation>fokussiert</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Kommentare</translation>
    </message>
    <message>
        <source>Harvest channels</source>
        <translation>Ernte-Kanäle</translation>
    </message>
    <message>
        <source>Which harvester channel runs which kind of harvest.</source>
        <translation>Welcher Ernte-Kanal welche Art von Ernte ausführt.</translation>
    </message>
    <message>
        <source>Make default of its kind</source>
        <translation>Zum Standard seiner Art machen</translation>
    </message>
    <message>
        <source>New channel:</source>
        <translation>Neuer Kanal:</translation>
    </message>
    <message>
        <source>For snapshot harvests:</source>
        <translation>Für Snapshot-Ernten:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentare:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Anlegen</translation>
    </message>
</context>
<context>
    <name>ChartsScreen</name>
    <message>
        <source>Charts</source>
        <translation>Diagramme</translation>
    </message>
    <message>
        <source>Jobs per day and status; bytes per run of a harvest.</source>
        <translation>Jobs pro Tag und Status; Bytes pro Lauf einer Ernte.</translation>
    </message>
    <message>
        <source>Jobs created in the last (days):</source>
        <translation>In den letzten (Tagen) erstellte Jobs:</translation>
    </message>
    <message>
        <source>Bytes harvested per run of:</source>
        <translation>Geerntete Bytes je Lauf von:</translation>
    </message>
    <message>
        <source>Terabytes</source>
        <translation>Terabyte</translation>
    </message>
    <message>
        <source>Gigabytes</source>
        <translation>Gigabyte</translation>
    </message>
    <message>
        <source>Kilobytes</source>
        <translation>Kilobyte</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Fehlend</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Beschädigt</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Strittig</translation>
    </message>
    <message>
        <source>Not checked yet</source>
        <translation>Noch nicht geprüft</translation>
    </message>
    <message>
        <source>Copies per replica</source>
        <translation>Kopien je Replikat</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>No replica health: {reason}</source>
        <translation>Kein Replikatzustand: {reason}</translation>
    </message>
    <message>
        <source>Every file should have an OK copy in every replica.</source>
        <translation>Jede Datei sollte in jedem Replikat eine OK-Kopie haben.</translation>
    </message>
    <message>
        <source>Size of the whole archive</source>
        <translation>Größe des gesamten Archivs</translation>
    </message>
    <message>
        <source>Archive size</source>
        <translation>Archivgröße</translation>
    </message>
    <message>
        <source>No archive growth: {reason}</source>
        <translation>Kein Archivwachstum: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>The archive holds %Ln file(s), {size}; {new} taken in these days.</source>
        <translation>
            <numerusform>Das Archiv enthält %Ln Datei, {size}; {new} in diesen Tagen aufgenommen.</numerusform>
            <numerusform>Das Archiv enthält %Ln Dateien, {size}; {new} in diesen Tagen aufgenommen.</numerusform>
        </translation>
    </message>
    <message>
        <source>Jobs per status over time</source>
        <translation>Jobs pro Status im Zeitverlauf</translation>
    </message>
    <message>
        <source>Bytes harvested</source>
        <translation>Geerntete Bytes</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Lauf %1</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Bytes harvested per run</source>
        <translation>Geerntete Bytes je Lauf</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Megabytes</source>
        <translation>Megabytes</translation>
    </message>
</context>
<context>
    <name>ConnectionProblemPage</name>
    <message>
        <source>Connecting…</source>
        <translation>Verbinde…</translation>
    </message>
    <message>
        <source>You are not signed in</source>
        <translation>Sie sind nicht angemeldet</translation>
    </message>
    <message>
        <source>Cannot reach the services</source>
        <translation>Die Dienste sind nicht erreichbar</translation>
    </message>
    <message>
        <source>The services at {where} answer, but refuse to work for this user. Sign in as a user they know.</source>
        <translation>Die Dienste unter {where} antworten, arbeiten aber nicht für diesen Benutzer. Melden Sie sich als ein Benutzer an, den sie kennen.</translation>
    </message>
    <message>
        <source>The application could not talk to the message broker at {where}. The services may be stopped, or the connection settings may be wrong. Nothing you saved is lost.</source>
        <translation>Die Anwendung konnte nicht mit dem Nachrichten-Broker unter {where} sprechen. Die Dienste sind vielleicht angehalten, oder die Verbindungseinstellungen sind falsch. Nichts, was Sie gespeichert haben, ist verloren.</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
    <message>
        <source>Connection settings…</source>
        <translation>Verbindungseinstellungen…</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <source>Unexpected error</source>
        <translation>Unerwarteter Fehler</translation>
    </message>
    <message>
        <source>Something went wrong that the application did not expect. Your saved work is safe on the server. Please copy the details below into a report to the people who run the system.</source>
        <translation>Etwas ist schiefgegangen, das die Anwendung nicht erwartet hat. Ihre gespeicherte Arbeit ist auf dem Server sicher. Bitte kopieren Sie die Details unten in eine Meldung an die Betreiber des Systems.</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Details kopieren</translation>
    </message>
</context>
<context>
    <name>DomainsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} gespeichert.</translation>
    </message>
    <message>
        <source>Give at least one seed.</source>
        <translation>Geben Sie mindestens einen Seed an.</translation>
    </message>
    <message>
        <source>This domain has no seed list {names}.</source>
        <translation>Die Domain hat keine Seed-Liste {names}.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>Zeile {line}: {text}</translation>
    </message>
    <message>
        <source>Ingest cancelled after line {line}.</source>
        <translation>Import nach Zeile {line} abgebrochen.</translation>
    </message>
    <message>
        <source>Ingest finished.</source>
        <translation>Import abgeschlossen.</translation>
    </message>
    <message>
        <source>Created: {created}, already known: {existing}, duplicates: {duplicates}, invalid: {invalid}.</source>
        <translation>Angelegt: {created}, bereits bekannt: {existing}, Duplikate: {duplicates}, ungültig: {invalid}.</translation>
    </message>
    <message>
        <source>Invalid lines: {lines}</source>
        <translation>Ungültige Zeilen: {lines}</translation>
    </message>
</context>
<context>
    <name>DomainsScreen</name>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domain</translation>
    </message>
    <message>
        <source>TLD</source>
        <translation>TLD</translation>
    </message>
    <message>
        <source>Alias of</source>
        <translation>Alias von</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Angelegt</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Crawl-Profil</translation>
    </message>
    <message>
        <source>Seed lists</source>
        <translation>Seed-Listen</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Max. Objekte</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Max. Bytes</translation>
    </message>
    <message>
        <source>Requests/min</source>
        <translation>Anfragen/min</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Realm</source>
        <translation>Realm</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Benutzer</translation>
    </message>
    <message>
        <source>Harvest</source>
        <translation>Ernte</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objekte</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Abbruchgrund</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>History of {domain}</source>
        <translation>Verlauf von {domain}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domains</translation>
    </message>
    <message>
        <source>Start here: the domains to harvest, their seeds and configurations.</source>
        <translation>Hier beginnen: die zu erntenden Domains, ihre Seeds und Konfigurationen.</translation>
    </message>
    <message>
        <source>Search with * and ?, e.g. *.dk or kb*</source>
        <translation>Suche mit * und ?, z. B. *.dk oder kb*</translation>
    </message>
    <message>
        <source>in names</source>
        <translation>in Namen</translation>
    </message>
    <message>
        <source>in comments</source>
        <translation>in Kommentaren</translation>
    </message>
    <message>
        <source>in crawler traps</source>
        <translation>in Crawler-Fallen</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>New domain:</source>
        <translation>Neue Domain:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Anlegen</translation>
    </message>
    <message>
        <source>Mass ingest of a domain list…</source>
        <translation>Massenimport einer Domainliste…</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Allgemein</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Konfigurationen</translation>
    </message>
    <message>
        <source>Crawler traps</source>
        <translation>Crawler-Fallen</translation>
    </message>
    <message>
        <source>Owner info</source>
        <translation>Inhaberangaben</translation>
    </message>
    <message>
        <source>Site logins</source>
        <translation>Website-Anmeldungen</translation>
    </message>
    <message>
        <source>Harvest history</source>
        <translation>Ernteverlauf</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentare:</translation>
    </message>
    <message>
        <source>Alias of (domain):</source>
        <translation>Alias von (Domain):</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>Browse this domain&apos;s history</source>
        <translation>Verlauf dieser Domain durchsuchen</translation>
    </message>
    <message>
        <source>Opens the archive browser on every ended job of this domain&apos;s history: step through its captures</source>
        <translation>Öffnet den Archivbrowser mit allen beendeten Jobs im Verlauf dieser Domain: durch ihre Erfassungen blättern</translation>
    </message>
    <message>
        <source>Seed list name:</source>
        <translation>Name der Seed-Liste:</translation>
    </message>
    <message>
        <source>Seeds (one URL a line):</source>
        <translation>Seeds (eine URL je Zeile):</translation>
    </message>
    <message>
        <source>Save seed list</source>
        <translation>Seed-Liste speichern</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Crawl profile:</source>
        <translation>Crawl-Profil:</translation>
    </message>
    <message>
        <source>Seed lists:</source>
        <translation>Seed-Listen:</translation>
    </message>
    <message>
        <source>Max objects:</source>
        <translation>Max. Objekte:</translation>
    </message>
    <message>
        <source>Max bytes:</source>
        <translation>Max. Bytes:</translation>
    </message>
    <message>
        <source>Max requests a minute:</source>
        <translation>Max. Anfragen pro Minute:</translation>
    </message>
    <message>
        <source>Default configuration:</source>
        <translation>Standardkonfiguration:</translation>
    </message>
    <message>
        <source>Save configuration</source>
        <translation>Konfiguration speichern</translation>
    </message>
    <message>
        <source>Crawler traps (one regular expression a line):</source>
        <translation>Crawler-Fallen (ein regulärer Ausdruck je Zeile):</translation>
    </message>
    <message>
        <source>Save crawler traps</source>
        <translation>Crawler-Fallen speichern</translation>
    </message>
    <message>
        <source>New note:</source>
        <translation>Neue Notiz:</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Notiz hinzufügen</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>Realm:</source>
        <translation>Realm:</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>Benutzer:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Passwort:</translation>
    </message>
    <message>
        <source>Add site login</source>
        <translation>Website-Anmeldung hinzufügen</translation>
    </message>
    <message numerus="yes">
        <source>%Ln domain(s)</source>
        <translation>
            <numerusform>%Ln Domain</numerusform>
            <numerusform>%Ln Domains</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a domain on the left.</source>
        <translation>Wählen Sie links eine Domain.</translation>
    </message>
    <message>
        <source>{name} (edition {edition})</source>
        <translation>{name} (Ausgabe {edition})</translation>
    </message>
    <message>
        <source>Alias set {set}, to be confirmed again by {expires}.</source>
        <translation>Alias gesetzt am {set}, erneut zu bestätigen bis {expires}.</translation>
    </message>
    <message>
        <source>Aliases of this domain: {aliases}</source>
        <translation>Aliasse dieser Domain: {aliases}</translation>
    </message>
    <message>
        <source>(the domain&apos;s default)</source>
        <translation>(Standard der Domain)</translation>
    </message>
    <message>
        <source>(new seed list)</source>
        <translation>(neue Seed-Liste)</translation>
    </message>
    <message>
        <source>Domain list to ingest</source>
        <translation>Zu importierende Domainliste</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>Textdateien (*.txt);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Ingesting {file}…</source>
        <translation>Importiere {file}…</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The service could not do this.</source>
        <translation>Der Dienst konnte das nicht ausführen.</translation>
    </message>
    <message>
        <source>The input is not valid.</source>
        <translation>Die Eingabe ist ungültig.</translation>
    </message>
    <message>
        <source>The configuration is not valid: {key}.</source>
        <translation>Die Konfiguration ist ungültig: {key}.</translation>
    </message>
    <message>
        <source>This name is not allowed: it must not contain &apos;/&apos;, &apos;..&apos; or control characters.</source>
        <translation>Dieser Name ist nicht erlaubt: Er darf weder &apos;/&apos;, &apos;..&apos; noch Steuerzeichen enthalten.</translation>
    </message>
    <message>
        <source>This is not a domain name that can be registered (for example kb.dk, not co.uk).</source>
        <translation>Das ist kein registrierbarer Domainname (zum Beispiel kb.dk, nicht co.uk).</translation>
    </message>
    <message>
        <source>This URL is not valid or not allowed here.</source>
        <translation>Diese URL ist ungültig oder hier nicht erlaubt.</translation>
    </message>
    <message>
        <source>This regular expression is not valid (problem at position {position}).</source>
        <translation>Dieser reguläre Ausdruck ist ungültig (Fehler an Position {position}).</translation>
    </message>
    <message>
        <source>The crawl profile is not valid.</source>
        <translation>Das Crawl-Profil ist ungültig.</translation>
    </message>
    <message>
        <source>The schedule is not valid ({field}: {reason}).</source>
        <translation>Der Zeitplan ist ungültig ({field}: {reason}).</translation>
    </message>
    <message>
        <source>The WARC file cannot be read.</source>
        <translation>Die WARC-Datei kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The WACZ package cannot be read or is damaged.</source>
        <translation>Das WACZ-Paket kann nicht gelesen werden oder ist beschädigt.</translation>
    </message>
    <message>
        <source>It does not exist (any more).</source>
        <translation>Das gibt es nicht (mehr).</translation>
    </message>
    <message>
        <source>There is no such domain.</source>
        <translation>Diese Domain gibt es nicht.</translation>
    </message>
    <message>
        <source>There is no such job.</source>
        <translation>Diesen Job gibt es nicht.</translation>
    </message>
    <message>
        <source>There is no such file in the archive.</source>
        <translation>Diese Datei gibt es im Archiv nicht.</translation>
    </message>
    <message>
        <source>This clashes with the current state.</source>
        <translation>Das widerspricht dem aktuellen Zustand.</translation>
    </message>
    <message>
        <source>One with this name already exists.</source>
        <translation>Es gibt bereits eines mit diesem Namen.</translation>
    </message>
    <message>
        <source>Someone else saved this in the meantime. Reload it and make your change again.</source>
        <translation>Jemand anderes hat dies inzwischen gespeichert. Laden Sie es neu und nehmen Sie Ihre Änderung erneut vor.</translation>
    </message>
    <message>
        <source>This change of state is not allowed (from {from} to {to}).</source>
        <translation>Dieser Zustandswechsel ist nicht erlaubt (von {from} nach {to}).</translation>
    </message>
    <message>
        <source>The job was cancelled by a curator.</source>
        <translation>Der Job wurde von einem Kurator abgebrochen.</translation>
    </message>
    <message>
        <source>You are not allowed to do this.</source>
        <translation>Sie dürfen das nicht tun.</translation>
    </message>
    <message>
        <source>The permission was refused: the token is forged, expired, already used, or not for this action.</source>
        <translation>Die Berechtigung wurde abgelehnt: das Token ist gefälscht, abgelaufen, schon benutzt oder nicht für diese Aktion.</translation>
    </message>
    <message>
        <source>The content does not match its checksum.</source>
        <translation>Der Inhalt passt nicht zu seiner Prüfsumme.</translation>
    </message>
    <message>
        <source>A needed service or resource does not answer. Try again later.</source>
        <translation>Ein benötigter Dienst oder eine Ressource antwortet nicht. Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>A replica of the archive does not answer. Try again later.</source>
        <translation>Ein Replikat des Archivs antwortet nicht. Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>A service took too long to answer. Try again later.</source>
        <translation>Ein Dienst hat zu lange für die Antwort gebraucht. Versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>The archive has no room for more files.</source>
        <translation>Im Archiv ist kein Platz für weitere Dateien.</translation>
    </message>
    <message>
        <source>The file could not be stored in the archive.</source>
        <translation>Die Datei konnte nicht im Archiv gespeichert werden.</translation>
    </message>
    <message>
        <source>There is no such batch job.</source>
        <translation>Diesen Batch-Job gibt es nicht.</translation>
    </message>
    <message>
        <source>None of these jobs has data an index can be made from.</source>
        <translation>Keiner dieser Jobs hat Daten, aus denen ein Index erstellt werden kann.</translation>
    </message>
    <message>
        <source>The index is not ready yet. Try again in a moment.</source>
        <translation>Der Index ist noch nicht fertig. Versuchen Sie es gleich noch einmal.</translation>
    </message>
    <message>
        <source>There is no such QA run.</source>
        <translation>Diesen QA-Lauf gibt es nicht.</translation>
    </message>
    <message>
        <source>QA has not checked this page of the job.</source>
        <translation>Die QA hat diese Seite des Jobs nicht geprüft.</translation>
    </message>
    <message>
        <source>QA reads a job from the archive: the job must have finished first.</source>
        <translation>Die QA liest einen Job aus dem Archiv: Der Job muss zuerst beendet sein.</translation>
    </message>
    <message>
        <source>QA found nothing missing in this job: there is nothing to patch.</source>
        <translation>Die QA hat in diesem Job nichts Fehlendes gefunden: Es gibt nichts nachzuernten.</translation>
    </message>
    <message>
        <source>The installation description is not valid: see the problems listed.</source>
        <translation>Die Installationsbeschreibung ist ungültig: siehe die aufgeführten Probleme.</translation>
    </message>
    <message>
        <source>That notification does not exist (any more).</source>
        <translation>Diese Benachrichtigung gibt es nicht (mehr).</translation>
    </message>
    <message>
        <source>The copy&apos;s checksum is not the one you named as bad.</source>
        <translation>Die Prüfsumme der Kopie ist nicht die, die Sie als falsch angegeben haben.</translation>
    </message>
    <message>
        <source>This copy equals the reference: there is nothing to repair.</source>
        <translation>Diese Kopie entspricht der Referenz: Es gibt nichts zu reparieren.</translation>
    </message>
    <message>
        <source>No other replica has a good copy to repair from.</source>
        <translation>Kein anderes Replikat hat eine gute Kopie, aus der repariert werden kann.</translation>
    </message>
    <message>
        <source>This browsing session no longer exists. Open the job again.</source>
        <translation>Diese Browsersitzung existiert nicht mehr. Öffnen Sie den Job erneut.</translation>
    </message>
    <message>
        <source>This browsing session was stopped. Open the job again.</source>
        <translation>Diese Browsersitzung wurde beendet. Öffnen Sie den Job erneut.</translation>
    </message>
    <message>
        <source>The services cannot be reached. Check the connection settings.</source>
        <translation>Die Dienste sind nicht erreichbar. Prüfen Sie die Verbindungseinstellungen.</translation>
    </message>
    <message>
        <source>The service is not running.</source>
        <translation>Der Dienst läuft nicht.</translation>
    </message>
    <message>
        <source>The service did not answer in time.</source>
        <translation>Der Dienst hat nicht rechtzeitig geantwortet.</translation>
    </message>
    <message>
        <source>Something unexpected went wrong on the server.</source>
        <translation>Auf dem Server ist etwas Unerwartetes schiefgegangen.</translation>
    </message>
    <message>
        <source>Something went wrong (error code: {code}).</source>
        <translation>Etwas ist schiefgegangen (Fehlercode: {code}).</translation>
    </message>
    <message>
        <source>domain</source>
        <translation>Domain</translation>
    </message>
    <message>
        <source>crawl profile</source>
        <translation>Crawl-Profil</translation>
    </message>
    <message>
        <source>harvest definition</source>
        <translation>Erntedefinition</translation>
    </message>
    <message>
        <source>harvest channel</source>
        <translation>Ernte-Kanal</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>crawler trap list</source>
        <translation>Crawler-Fallen-Liste</translation>
    </message>
    <message>
        <source>seed list</source>
        <translation>Seed-Liste</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>ingest run</source>
        <translation>Importlauf</translation>
    </message>
    <message>
        <source>The seed {url} is outside the domain {domain}.</source>
        <translation>Der Seed {url} liegt außerhalb der Domain {domain}.</translation>
    </message>
    <message>
        <source>Only http and https URLs can be seeds: {url}</source>
        <translation>Nur http- und https-URLs können Seeds sein: {url}</translation>
    </message>
    <message>
        <source>This URL has no host name: {url}</source>
        <translation>Diese URL hat keinen Hostnamen: {url}</translation>
    </message>
    <message>
        <source>This is not a valid URL: {url}</source>
        <translation>Das ist keine gültige URL: {url}</translation>
    </message>
    <message>
        <source>There is no domain {name}.</source>
        <translation>Die Domain {name} gibt es nicht.</translation>
    </message>
    <message>
        <source>Not found: {object} &apos;{name}&apos;.</source>
        <translation>Nicht gefunden: {object} &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>Already exists: {object} &apos;{name}&apos;.</source>
        <translation>Existiert bereits: {object} &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>Details: {message}</source>
        <translation>Details: {message}</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message numerus="yes">
        <source>%Ln second(s) ago</source>
        <translation>
            <numerusform>vor %Ln Sekunde</numerusform>
            <numerusform>vor %Ln Sekunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>vor %Ln Minute</numerusform>
            <numerusform>vor %Ln Minuten</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HarvestsController</name>
    <message>
        <source>Line {line}: give a domain, and a configuration if not the default.</source>
        <translation>Zeile {line}: Geben Sie eine Domäne an, und eine Konfiguration, wenn nicht die Standardkonfiguration.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Geben Sie mindestens eine Domäne an.</translation>
    </message>
    <message>
        <source>Nothing to save: {name} is as shown.</source>
        <translation>Nichts zu speichern: {name} ist wie angezeigt.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} gespeichert.</translation>
    </message>
    <message>
        <source>Not harvested: another scheduler is making its jobs right now.</source>
        <translation>Nicht geerntet: Ein anderer Planer erstellt gerade ihre Jobs.</translation>
    </message>
    <message>
        <source>Run {run} failed: {reason}</source>
        <translation>Lauf {run} fehlgeschlagen: {reason}</translation>
    </message>
    <message>
        <source>Run {run} of {name} is being made; its jobs appear on the jobs screen.</source>
        <translation>Lauf {run} von {name} wird erstellt; seine Jobs erscheinen in der Jobansicht.</translation>
    </message>
    <message>
        <source>Job {id}: cancelling; the harvester stops at its next report.</source>
        <translation>Job {id}: wird abgebrochen; der Harvester hält bei seiner nächsten Meldung an.</translation>
    </message>
    <message>
        <source>Job {id} cancelled.</source>
        <translation>Job {id} abgebrochen.</translation>
    </message>
</context>
<context>
    <name>HarvestsScreen</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Zeitplan</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Läufe</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Nächster Lauf</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Konfigurationen</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>{name}, run {run}</source>
        <translation>{name}, Lauf {run}</translation>
    </message>
    <message>
        <source>Choose a harvest definition in the list to see and change it.</source>
        <translation>Wählen Sie eine Erntedefinition in der Liste, um sie anzusehen und zu ändern.</translation>
    </message>
    <message>
        <source>{name} ({kind}), {runs}</source>
        <translation>{name} ({kind}), {runs}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln Lauf</numerusform>
            <numerusform>%Ln Läufe</numerusform>
        </translation>
    </message>
    <message>
        <source>Harvest definitions</source>
        <translation>Ernte-Definitionen</translation>
    </message>
    <message>
        <source>What to harvest when: selective, event and snapshot harvests.</source>
        <translation>Was wann geerntet wird: selektive, Ereignis- und Snapshot-Ernten.</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Alle Arten</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>Selektiv</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>Snapshot</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Aktivieren</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Deaktivieren</translation>
    </message>
    <message>
        <source>New selective harvest</source>
        <translation>Neue selektive Ernte</translation>
    </message>
    <message>
        <source>Chosen harvest</source>
        <translation>Gewählte Ernte</translation>
    </message>
    <message>
        <source>New event harvest</source>
        <translation>Neue Ereignis-Ernte</translation>
    </message>
    <message>
        <source>New snapshot harvest</source>
        <translation>Neue Snapshot-Ernte</translation>
    </message>
    <message>
        <source>Max bytes per domain:</source>
        <translation>Max. Bytes pro Domäne:</translation>
    </message>
    <message>
        <source>Max objects per domain:</source>
        <translation>Max. Objekte pro Domäne:</translation>
    </message>
    <message>
        <source>Max job running time in seconds:</source>
        <translation>Max. Laufzeit eines Jobs in Sekunden:</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Änderungen speichern</translation>
    </message>
    <message>
        <source>Harvest now</source>
        <translation>Jetzt ernten</translation>
    </message>
    <message>
        <source>run </source>
        <translation>Lauf </translation>
    </message>
    <message>
        <source>Browse this run</source>
        <translation>Diesen Lauf durchsuchen</translation>
    </message>
    <message>
        <source>Opens the archive browser on the ended jobs of the chosen run</source>
        <translation>Öffnet den Archivbrowser mit den beendeten Jobs des gewählten Laufs</translation>
    </message>
    <message>
        <source>One run now, besides the schedule; its jobs appear on the jobs screen.</source>
        <translation>Ein Lauf jetzt, zusätzlich zum Zeitplan; seine Jobs erscheinen in der Jobansicht.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Harvest channel:</source>
        <translation>Ernte-Kanal:</translation>
    </message>
    <message>
        <source>Schedule:</source>
        <translation>Zeitplan:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentare:</translation>
    </message>
    <message>
        <source>Max bytes per domain (-1: no limit):</source>
        <translation>Max. Bytes je Domain (-1: keine Grenze):</translation>
    </message>
    <message>
        <source>Max objects per domain (-1: no limit):</source>
        <translation>Max. Objekte je Domain (-1: keine Grenze):</translation>
    </message>
    <message>
        <source>Domains (one a line; &apos;domain configuration&apos; for another than the default):</source>
        <translation>Domains (eine je Zeile; &apos;Domain Konfiguration&apos; für eine andere als die Standardkonfiguration):</translation>
    </message>
    <message>
        <source>URLs (one a line):</source>
        <translation>URLs (eine je Zeile):</translation>
    </message>
    <message>
        <source>Max job running time in seconds (0: no limit):</source>
        <translation>Max. Laufzeit eines Jobs in Sekunden (0: keine Grenze):</translation>
    </message>
    <message>
        <source>Based on an earlier snapshot:</source>
        <translation>Auf einem früheren Snapshot aufbauend:</translation>
    </message>
    <message>
        <source>Create selective harvest</source>
        <translation>Selektive Ernte anlegen</translation>
    </message>
    <message>
        <source>Create event harvest</source>
        <translation>Ereignis-Ernte anlegen</translation>
    </message>
    <message>
        <source>Create snapshot harvest</source>
        <translation>Snapshot-Ernte anlegen</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(keine)</translation>
    </message>
    <message>
        <source>(default channel)</source>
        <translation>(Standardkanal)</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} gespeichert.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Geben Sie mindestens eine Domain an.</translation>
    </message>
    <message>
        <source>Choose a schedule.</source>
        <translation>Wählen Sie einen Zeitplan.</translation>
    </message>
    <message>
        <source>Domains in this list (created if unknown): {domains}</source>
        <translation>Domains in dieser Liste (werden angelegt, falls unbekannt): {domains}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) not a URL under a domain.</source>
        <translation>
            <numerusform>%Ln Zeile ist keine URL unter einer Domain.</numerusform>
            <numerusform>%Ln Zeilen sind keine URLs unter einer Domain.</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste at least one URL.</source>
        <translation>Fügen Sie mindestens eine URL ein.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>Zeile {line}: {text}</translation>
    </message>
</context>
<context>
    <name>Inputs</name>
    <message>
        <source>Give a whole number.</source>
        <translation>Geben Sie eine ganze Zahl an.</translation>
    </message>
    <message>
        <source>Give a number of at least {minimum}.</source>
        <translation>Geben Sie eine Zahl von mindestens {minimum} an.</translation>
    </message>
    <message>
        <source>Give a whole number of at least 0, or -1 (or nothing) for no limit.</source>
        <translation>Geben Sie eine ganze Zahl ab 0 an, oder -1 (oder nichts) für keine Grenze.</translation>
    </message>
    <message>
        <source>Give a whole number of seconds, 0 (or nothing) for no limit.</source>
        <translation>Geben Sie eine ganze Zahl von Sekunden an, 0 (oder nichts) für keine Grenze.</translation>
    </message>
    <message>
        <source>This cannot be empty.</source>
        <translation>Dieses Feld darf nicht leer sein.</translation>
    </message>
</context>
<context>
    <name>JobDetails</name>
    <message>
        <source>created</source>
        <translation>angelegt</translation>
    </message>
    <message>
        <source>submitted to its channel</source>
        <translation>an seinen Kanal übergeben</translation>
    </message>
    <message>
        <source>claimed by harvester {detail}</source>
        <translation>vom Harvester {detail} übernommen</translation>
    </message>
    <message>
        <source>crawl started</source>
        <translation>Crawl gestartet</translation>
    </message>
    <message>
        <source>reported by the harvester</source>
        <translation>vom Harvester gemeldet</translation>
    </message>
    <message>
        <source>ended: {detail}</source>
        <translation>beendet: {detail}</translation>
    </message>
    <message>
        <source>resubmitted as job {detail}</source>
        <translation>erneut eingereicht als Job {detail}</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>MIME type</source>
        <translation>MIME-Typ</translation>
    </message>
    <message>
        <source>Referrer</source>
        <translation>Verweis</translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>Anmerkungen</translation>
    </message>
    <message>
        <source>The archive holds no metadata file of this job ({file}) yet.</source>
        <translation>Das Archiv enthält noch keine Metadatendatei dieses Jobs ({file}).</translation>
    </message>
    <message>
        <source>The job&apos;s files cannot be listed: {reason}</source>
        <translation>Die Dateien des Jobs können nicht aufgelistet werden: {reason}</translation>
    </message>
    <message>
        <source>The metadata file arrived damaged (its checksum differs).</source>
        <translation>Die Metadatendatei kam beschädigt an (Prüfsumme weicht ab).</translation>
    </message>
    <message>
        <source>The metadata file cannot be read.</source>
        <translation>Die Metadatendatei kann nicht gelesen werden.</translation>
    </message>
    <message>
        <source>The metadata file is too large to show.</source>
        <translation>Die Metadatendatei ist zu groß für die Anzeige.</translation>
    </message>
    <message>
        <source>The archive did not hand out the metadata file.</source>
        <translation>Das Archiv hat die Metadatendatei nicht ausgeliefert.</translation>
    </message>
    <message>
        <source>Not a status filter: {text} (use e.g. 200, 4xx, -2 or &lt;0).</source>
        <translation>Kein Statusfilter: {text} (z. B. 200, 4xx, -2 oder &lt;0).</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Erneut eingereicht als Job {id}</translation>
    </message>
    <message>
        <source>No QA service answers here.</source>
        <translation>Hier antwortet kein QA-Dienst.</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>keine Grenze</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domain</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objekte</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Abbruchgrund</translation>
    </message>
    <message>
        <source>Deduplicated</source>
        <translation>Dedupliziert</translation>
    </message>
    <message>
        <source>Space saved</source>
        <translation>Platz gespart</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Max. Objekte</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Max. Bytes</translation>
    </message>
</context>
<context>
    <name>JobDetailsScreen</name>
    <message>
        <source>Job details</source>
        <extracomment>set by the frame when an archive browser is there to open (else the button is hidden)</extracomment>
        <translation>Job-Details</translation>
    </message>
    <message>
        <source>What one job did: its history, domains, crawl log, reports and files.</source>
        <translation>Was ein Job getan hat: Verlauf, Domains, Crawl-Log, Berichte und Dateien.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Öffnen</translation>
    </message>
    <message>
        <source>Resubmit</source>
        <translation>Erneut einreichen</translation>
    </message>
    <message>
        <source>Only a failed or cancelled job can be resubmitted.</source>
        <translation>Nur ein fehlgeschlagener oder abgebrochener Job kann erneut eingereicht werden.</translation>
    </message>
    <message>
        <source>Browse this job</source>
        <translation>Diesen Job durchsuchen</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>WACZ exportieren…</translation>
    </message>
    <message>
        <source>This job&apos;s files, index and pages as one WACZ file (ReplayWeb.page and pywb open it).</source>
        <translation>Die Dateien, der Index und die Seiten dieses Jobs als eine WACZ-Datei (ReplayWeb.page und pywb öffnen sie).</translation>
    </message>
    <message>
        <source>Status history:</source>
        <translation>Statusverlauf:</translation>
    </message>
    <message>
        <source>QA review…</source>
        <translation>QA-Prüfung…</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Übersicht</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domains</translation>
    </message>
    <message>
        <source>Crawl log</source>
        <translation>Crawl-Log</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>Berichte</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Dateien</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>MIME type:</source>
        <translation>MIME-Typ:</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>e.g. 200, 4xx, &lt;0</source>
        <translation>z. B. 200, 4xx, &lt;0</translation>
    </message>
    <message>
        <source>e.g. image</source>
        <translation>z. B. image</translation>
    </message>
    <message>
        <source>e.g. */news/* or a part of the URL</source>
        <translation>z. B. */news/* oder ein Teil der URL</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filtern</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Zurück</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Weiter ▶</translation>
    </message>
    <message>
        <source>Choose a job on the Jobs screen, or type its number.</source>
        <translation>Wählen Sie einen Job in der Job-Ansicht oder geben Sie seine Nummer ein.</translation>
    </message>
    <message>
        <source>Reading the job&apos;s crawl log and reports from the archive…</source>
        <translation>Crawl-Log und Berichte des Jobs werden aus dem Archiv gelesen…</translation>
    </message>
    <message>
        <source>Job {id}</source>
        <translation>Job {id}</translation>
    </message>
    <message>
        <source>Job {id}, with its metadata and the originals of its revisits.</source>
        <translation>Job {id} mit seinen Metadaten und den Originalen seiner Revisits.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Job {id}: {status}</translation>
    </message>
    <message>
        <source>Outcome: {outcome}</source>
        <translation>Ergebnis: {outcome}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Ernte: {harvest}, Lauf {run}, Kanal {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Crawl-Profil: {profile}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Geerntet: %Ln Objekt, {bytes}</numerusform>
            <numerusform>Geerntet: %Ln Objekte, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deduplication: %Ln object(s) not stored again, {bytes} saved</source>
        <translation>
            <numerusform>Deduplizierung: %Ln Objekt nicht erneut gespeichert, {bytes} gespart</numerusform>
            <numerusform>Deduplizierung: %Ln Objekte nicht erneut gespeichert, {bytes} gespart</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln Seed:</numerusform>
            <numerusform>%Ln Seeds:</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Abbruchgründe: {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Fehlschlag</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Erntefehler</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Upload-Fehler</translation>
    </message>
    <message>
        <source>QA: not checked yet.</source>
        <translation>QA: noch nicht geprüft.</translation>
    </message>
    <message>
        <source>QA: {summary}</source>
        <translation>QA: {summary}</translation>
    </message>
    <message>
        <source>Worst pages: {pages}</source>
        <translation>Schlechteste Seiten: {pages}</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Datei</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Größe</translation>
    </message>
    <message>
        <source>Checksum (MD5)</source>
        <translation>Prüfsumme (MD5)</translation>
    </message>
    <message>
        <source>In {replica}</source>
        <translation>In {replica}</translation>
    </message>
    <message>
        <source>From {file}: {lines} crawl log lines, {reports} reports and logs.</source>
        <translation>Aus {file}: {lines} Crawl-Log-Zeilen, {reports} Berichte und Logs.</translation>
    </message>
    <message>
        <source>Lines {first}–{last} of {total} matching (of {all} in the crawl log)</source>
        <translation>Zeilen {first}–{last} von {total} Treffern (von {all} im Crawl-Log)</translation>
    </message>
</context>
<context>
    <name>JobPages</name>
    <message>
        <source>Seed</source>
        <extracomment>QA results read for the scores column (pages of 1000, the qa service&apos;s largest) the list&apos;s states, for the tab&apos;s line under the list</extracomment>
        <translation>Seed</translation>
    </message>
    <message>
        <source>Rendered</source>
        <translation>Dargestellt</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Seite</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Stichprobe</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>QA score</source>
        <translation>QA-Wert</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Captured</source>
        <translation>Erfasst</translation>
    </message>
    <message>
        <source>not captured</source>
        <translation>nicht erfasst</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) starting with {prefix}</source>
        <translation>
            <numerusform>%Ln Seite, die mit {prefix} beginnt</numerusform>
            <numerusform>%Ln Seiten, die mit {prefix} beginnen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s): seeds first</source>
        <translation>
            <numerusform>%Ln Seite: Seeds zuerst</numerusform>
            <numerusform>%Ln Seiten: Seeds zuerst</numerusform>
        </translation>
    </message>
    <message>
        <source>The page list of job {job} is being made from its index…</source>
        <translation>Die Seitenliste von Job {job} wird aus seinem Index erstellt …</translation>
    </message>
    <message>
        <source>Type the start of a URL: a host name, then a path if you like (example.dk/news/).</source>
        <translation>Geben Sie den Anfang einer URL ein: einen Hostnamen, gern gefolgt von einem Pfad (example.dk/news/).</translation>
    </message>
    <message>
        <source>The page list cannot be shown: {reason}</source>
        <translation>Die Seitenliste kann nicht angezeigt werden: {reason}</translation>
    </message>
</context>
<context>
    <name>JobsScreen</name>
    <message>
        <source>Job</source>
        <extracomment>the status filter&apos;s choices: the filter words of the one vocabulary (shared/job_states.py), the same the command line takes (`nas jobs list --status`)</extracomment>
        <translation>Job</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Harvest</source>
        <translation>Ernte</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Lauf</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Konfigurationen</translation>
    </message>
    <message>
        <source>Expected objects</source>
        <translation>Erwartete Objekte</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Angelegt</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Gestartet</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Beendet</translation>
    </message>
    <message>
        <source>Harvester</source>
        <translation>Harvester</translation>
    </message>
    <message>
        <source>URIs done</source>
        <translation>URIs erledigt</translation>
    </message>
    <message>
        <source>URIs queued</source>
        <translation>URIs in der Warteschlange</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>URIs/s</source>
        <translation>URIs/s</translation>
    </message>
    <message>
        <source>Crawler says</source>
        <translation>Crawler meldet</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Aktualisiert</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domain</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objekte</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Abbruchgrund</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Every harvest job: running, done, failed; resubmit a failed one.</source>
        <translation>Alle Ernte-Jobs: laufend, fertig, fehlgeschlagen; einen fehlgeschlagenen erneut einreichen.</translation>
    </message>
    <message>
        <source>Running jobs:</source>
        <translation>Laufende Jobs:</translation>
    </message>
    <message>
        <source>any status</source>
        <translation>jeder Status</translation>
    </message>
    <message>
        <source>Job id from</source>
        <translation>Job-ID von</translation>
    </message>
    <message>
        <source>Job id to</source>
        <translation>Job-ID bis</translation>
    </message>
    <message>
        <source>Created to</source>
        <translation>Angelegt bis</translation>
    </message>
    <message>
        <source>Created from</source>
        <translation>Angelegt ab</translation>
    </message>
    <message>
        <source>Apply filters</source>
        <translation>Filter anwenden</translation>
    </message>
    <message>
        <source>Resubmit failed job</source>
        <translation>Fehlgeschlagenen Job erneut einreichen</translation>
    </message>
    <message>
        <source>Cancel job…</source>
        <translation>Job abbrechen…</translation>
    </message>
    <message>
        <source>A queued job ends at once; a running one stops its crawl and keeps what it harvested.</source>
        <translation>Ein wartender Job endet sofort; ein laufender beendet seinen Crawl und behält, was er geerntet hat.</translation>
    </message>
    <message>
        <source>Crawl log, reports and files…</source>
        <translation>Crawl-Log, Berichte und Dateien…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln Job</numerusform>
            <numerusform>%Ln Jobs</numerusform>
        </translation>
    </message>
    <message>
        <source>Job id: {problem}</source>
        <translation>Job-ID: {problem}</translation>
    </message>
    <message>
        <source>The first job id is larger than the last.</source>
        <translation>Die erste Job-ID ist größer als die letzte.</translation>
    </message>
    <message>
        <source>The first date is after the last.</source>
        <translation>Das erste Datum liegt nach dem letzten.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Job {id}: {status}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Ernte: {harvest}, Lauf {run}, Kanal {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Crawl-Profil: {profile}</translation>
    </message>
    <message>
        <source>Created {created}, started {started}, ended {ended}</source>
        <translation>Angelegt {created}, gestartet {started}, beendet {ended}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Geerntet: %Ln Objekt, {bytes}</numerusform>
            <numerusform>Geerntet: %Ln Objekte, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln Seed:</numerusform>
            <numerusform>%Ln Seeds:</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Abbruchgründe: {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Fehlschlag</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Erntefehler</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Upload-Fehler</translation>
    </message>
    <message>
        <source>Cancelling: asked {time}; the harvester stops at its next report.</source>
        <translation>Wird abgebrochen: angefordert {time}; der Harvester hält bei seiner nächsten Meldung an.</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Erneut eingereicht als Job {id}</translation>
    </message>
    <message>
        <source>Cancel job {id}</source>
        <translation>Job {id} abbrechen</translation>
    </message>
    <message>
        <source>Why (kept with the job; may be empty):</source>
        <translation>Warum (wird beim Job gespeichert; darf leer sein):</translation>
    </message>
</context>
<context>
    <name>LoginDialog</name>
    <message>
        <source>This cannot be empty.</source>
        <translation>Dieses Feld darf nicht leer sein.</translation>
    </message>
    <message>
        <source>Give the broker as amqp://host:port (or amqps://host:port).</source>
        <translation>Geben Sie den Broker als amqp://host:port (oder amqps://host:port) an.</translation>
    </message>
    <message>
        <source>Give the viewerproxy as http://host:port.</source>
        <translation>Geben Sie den Viewerproxy als http://host:port an.</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Anmeldung läuft…</translation>
    </message>
    <message>
        <source>Sign in to NetarchiveSuite</source>
        <translation>Bei NetarchiveSuite anmelden</translation>
    </message>
    <message>
        <source>User name:</source>
        <translation>Benutzername:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Passwort:</translation>
    </message>
    <message>
        <source>Remember me on this computer</source>
        <translation>Auf diesem Computer angemeldet bleiben</translation>
    </message>
    <message>
        <source>Keeps the user name and password in a file only you can read, where the nas command keeps them too (nas login). Sign out forgets them.</source>
        <translation>Speichert Benutzername und Passwort in einer Datei, die nur Sie lesen können, dort, wo auch der Befehl nas sie ablegt (nas login). Abmelden vergisst sie.</translation>
    </message>
    <message>
        <source>Server settings</source>
        <translation>Servereinstellungen</translation>
    </message>
    <message>
        <source>Broker (RabbitMQ):</source>
        <translation>Broker (RabbitMQ):</translation>
    </message>
    <message>
        <source>Virtual host (environment):</source>
        <translation>Virtueller Host (Umgebung):</translation>
    </message>
    <message>
        <source>Viewerproxy address:</source>
        <translation>Viewerproxy-Adresse:</translation>
    </message>
    <message>
        <source>as the viewerproxy service says</source>
        <translation>wie der Viewerproxy-Dienst angibt</translation>
    </message>
    <message>
        <source>Empty: the desktop asks the viewerproxy service where it listens. Give http://host:port only where this computer reaches the proxy at another address.</source>
        <translation>Leer: Die Desktop-Anwendung fragt den Viewerproxy-Dienst, wo er lauscht. Geben Sie http://host:port nur an, wo dieser Rechner den Proxy unter einer anderen Adresse erreicht.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Anmelden</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Curate: start here</source>
        <translation>Kuratieren: hier beginnen</translation>
    </message>
    <message>
        <source>Operate</source>
        <translation>Betrieb</translation>
    </message>
    <message>
        <source>Quality assurance</source>
        <translation>Qualitätssicherung</translation>
    </message>
    <message>
        <source>NetarchiveSuite</source>
        <translation>NetarchiveSuite</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Datei</translation>
    </message>
    <message>
        <source>&amp;Connection settings…</source>
        <translation>&amp;Verbindungseinstellungen…</translation>
    </message>
    <message>
        <source>&amp;Sign out / switch user…</source>
        <translation>&amp;Abmelden / Benutzer wechseln…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Beenden</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ansicht</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aktualisieren</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprache</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hilfe</translation>
    </message>
    <message>
        <source>&amp;About NetarchiveSuite</source>
        <translation>&amp;Über NetarchiveSuite</translation>
    </message>
    <message>
        <source>Waiting for the services…</source>
        <translation>Warte auf die Dienste…</translation>
    </message>
    <message>
        <source>Signed in as {who} ({roles}): {where}</source>
        <translation>Angemeldet als {who} ({roles}): {where}</translation>
    </message>
    <message>
        <source>Signed in as {who}: {where}</source>
        <translation>Angemeldet als {who}: {where}</translation>
    </message>
    <message>
        <source>Connecting: {where}</source>
        <translation>Verbinde: {where}</translation>
    </message>
    <message>
        <source>Not connected: {where}</source>
        <translation>Nicht verbunden: {where}</translation>
    </message>
    <message>
        <source>About NetarchiveSuite</source>
        <translation>Über NetarchiveSuite</translation>
    </message>
    <message>
        <source>NetarchiveSuite desktop client, version {version}.
A web-archiving suite for national libraries.</source>
        <translation>NetarchiveSuite-Desktop-Client, Version {version}.
Eine Webarchivierungs-Suite für Nationalbibliotheken.</translation>
    </message>
</context>
<context>
    <name>Notifications</name>
    <message>
        <source>information</source>
        <translation>Information</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
    <message>
        <source>open</source>
        <translation>offen</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>bestätigt</translation>
    </message>
    <message>
        <source>resolved</source>
        <translation>erledigt</translation>
    </message>
    <message>
        <source>No notifier service answers: notifications cannot be shown.</source>
        <translation>Kein Benachrichtigungsdienst antwortet: Benachrichtigungen können nicht angezeigt werden.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) resolved.</source>
        <translation>Benachrichtigung {id} ({code}) erledigt.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) acknowledged.</source>
        <translation>Benachrichtigung {id} ({code}) bestätigt.</translation>
    </message>
</context>
<context>
    <name>NotificationsPanel</name>
    <message>
        <source>Severity</source>
        <translation>Schweregrad</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <source>Concerns</source>
        <translation>Betrifft</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>Anzahl</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Zuletzt gesehen</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>Bestätigt von</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>Bestätigen</translation>
    </message>
    <message>
        <source>I have seen it: mark the selected notifications acknowledged (repeats are still counted on them).</source>
        <translation>Gesehen: die ausgewählten Benachrichtigungen als bestätigt markieren (Wiederholungen werden weiter gezählt).</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>Erledigen</translation>
    </message>
    <message>
        <source>The cause is gone: the next occurrence notifies anew.</source>
        <translation>Die Ursache ist behoben: das nächste Auftreten benachrichtigt erneut.</translation>
    </message>
    <message numerus="yes">
        <source>Notifications: %Ln open</source>
        <translation>
            <numerusform>Benachrichtigungen: %Ln offen</numerusform>
            <numerusform>Benachrichtigungen: %Ln offen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln acknowledged.</source>
        <translation>
            <numerusform>%Ln bestätigt.</numerusform>
            <numerusform>%Ln bestätigt.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverviewScreen</name>
    <message>
        <source>Instance</source>
        <translation>Instanz</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Dienst</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Zustand</translation>
    </message>
    <message>
        <source>Last heartbeat</source>
        <translation>Letzter Herzschlag</translation>
    </message>
    <message>
        <source>Last heard</source>
        <translation>Zuletzt gehört</translation>
    </message>
    <message>
        <source>Recent warnings</source>
        <translation>Neue Warnungen</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Grund</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Version</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Zeit</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Stufe</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meldung</translation>
    </message>
    <message>
        <source>System overview</source>
        <translation>Systemübersicht</translation>
    </message>
    <message>
        <source>Every service instance and its warnings.</source>
        <translation>Alle Dienstinstanzen und ihre Warnungen.</translation>
    </message>
    <message>
        <source>Recent warnings and errors (of the selected instance, or of all):</source>
        <translation>Neue Warnungen und Fehler (der gewählten Instanz oder aller):</translation>
    </message>
    <message numerus="yes">
        <source>%Ln service instance(s)</source>
        <translation>
            <numerusform>%Ln Dienstinstanz</numerusform>
            <numerusform>%Ln Dienstinstanzen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln lost.</source>
        <translation>
            <numerusform>%Ln verloren.</numerusform>
            <numerusform>%Ln verloren.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfilesController</name>
    <message>
        <source>Paste or load a profile document.</source>
        <translation>Fügen Sie ein Profildokument ein oder laden Sie eines.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} gespeichert.</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}</source>
        <translation>{path} konnte nicht geschrieben werden: {reason}</translation>
    </message>
</context>
<context>
    <name>ProfilesScreen</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Edition</source>
        <translation>Ausgabe</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Geändert</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Kommentare</translation>
    </message>
    <message>
        <source>Crawl profiles</source>
        <translation>Crawl-Profile</translation>
    </message>
    <message>
        <source>How to crawl: the crawl profiles harvests use.</source>
        <translation>Wie gecrawlt wird: die Crawl-Profile der Ernten.</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Aktivieren</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Deaktivieren</translation>
    </message>
    <message>
        <source>Download…</source>
        <translation>Herunterladen…</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentare:</translation>
    </message>
    <message>
        <source>Profile document (YAML or TOML):</source>
        <translation>Profildokument (YAML oder TOML):</translation>
    </message>
    <message>
        <source>Load from file…</source>
        <translation>Aus Datei laden…</translation>
    </message>
    <message>
        <source>Upload</source>
        <translation>Hochladen</translation>
    </message>
    <message>
        <source>the seeds</source>
        <translation>die Seeds</translation>
    </message>
    <message>
        <source>pages within {hops} link hops of a seed</source>
        <translation>Seiten höchstens {hops} Link-Sprünge von einem Seed</translation>
    </message>
    <message>
        <source>every HTML page</source>
        <translation>jede HTML-Seite</translation>
    </message>
    <message>
        <source>pages matching {count} URL patterns</source>
        <translation>Seiten, die auf {count} URL-Muster passen</translation>
    </message>
    <message>
        <source>Browser capture: off (no page is rendered).</source>
        <translation>Browser-Erfassung: aus (keine Seite wird gerendert).</translation>
    </message>
    <message>
        <source>{pages} and {more}</source>
        <translation>{pages} und {more}</translation>
    </message>
    <message>
        <source>tabs: {n}</source>
        <translation>Tabs: {n}</translation>
    </message>
    <message>
        <source>{seconds} s a page</source>
        <translation>{seconds} s je Seite</translation>
    </message>
    <message>
        <source>scrolls (at most {n} times)</source>
        <translation>scrollt (höchstens {n}-mal)</translation>
    </message>
    <message>
        <source>no scrolling</source>
        <translation>kein Scrollen</translation>
    </message>
    <message>
        <source>clicks up to {n} buttons</source>
        <translation>klickt bis zu {n} Schaltflächen</translation>
    </message>
    <message>
        <source>screenshots</source>
        <translation>Bildschirmfotos</translation>
    </message>
    <message>
        <source>text</source>
        <translation>Text</translation>
    </message>
    <message>
        <source>Browser capture: renders {pages}; {details}.</source>
        <translation>Browser-Erfassung: rendert {pages}; {details}.</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Crawl-Profil</translation>
    </message>
    <message>
        <source>Profiles (*.yaml *.yml *.toml);;All files (*)</source>
        <translation>Profile (*.yaml *.yml *.toml);;Alle Dateien (*)</translation>
    </message>
    <message>
        <source>Could not read {path}: {reason}</source>
        <translation>{path} konnte nicht gelesen werden: {reason}</translation>
    </message>
    <message>
        <source>Save crawl profile</source>
        <translation>Crawl-Profil speichern</translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>Abbrechen</translation>
    </message>
</context>
<context>
    <name>QaReview</name>
    <message>
        <source>OK</source>
        <extracomment>a run that has not ended: followed while the screen is on view</extracomment>
        <translation>OK</translation>
    </message>
    <message>
        <source>Acceptable</source>
        <translation>Annehmbar</translation>
    </message>
    <message>
        <source>Broken</source>
        <translation>Kaputt</translation>
    </message>
    <message>
        <source>QA has not checked this job yet.</source>
        <translation>Die QA hat diesen Job noch nicht geprüft.</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>In der Warteschlange</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Läuft</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Fertig</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fehlgeschlagen</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Abgebrochen</translation>
    </message>
    <message numerus="yes">
        <source>Run {run} ({kind}): {state}, %Ln of {total} page(s) checked</source>
        <translation>
            <numerusform>Lauf {run} ({kind}): {state}, %Ln von {total} Seiten geprüft</numerusform>
            <numerusform>Lauf {run} ({kind}): {state}, %Ln von {total} Seiten geprüft</numerusform>
        </translation>
    </message>
    <message>
        <source>re-check</source>
        <translation>Nachprüfung</translation>
    </message>
    <message>
        <source>full</source>
        <translation>vollständig</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) checked</source>
        <translation>
            <numerusform>%Ln Seite geprüft</numerusform>
            <numerusform>%Ln Seiten geprüft</numerusform>
        </translation>
    </message>
    <message>
        <source>{share} complete</source>
        <translation>{share} vollständig</translation>
    </message>
    <message>
        <source>mean score {score}</source>
        <translation>mittlerer Wert {score}</translation>
    </message>
    <message>
        <source>verdicts {verdicts}</source>
        <translation>Urteile {verdicts}</translation>
    </message>
    <message>
        <source>Below the threshold of {threshold}.</source>
        <translation>Unter der Schwelle von {threshold}.</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Wert</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Fehlend</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Urteil</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Give a job number.</source>
        <translation>Geben Sie eine Jobnummer an.</translation>
    </message>
    <message>
        <source>Verdict saved: {verdict} for {url}.</source>
        <translation>Urteil gespeichert: {verdict} für {url}.</translation>
    </message>
    <message>
        <source>QA run {run} of job {job} is queued.</source>
        <translation>QA-Lauf {run} von Job {job} ist eingereiht.</translation>
    </message>
    <message numerus="yes">
        <source>Patch job {patch} harvests %Ln missing URL(s) of job {job}; its pages are checked again when it is done.</source>
        <translation>
            <numerusform>Nachernte-Job {patch} erntet %Ln fehlende URL von Job {job}; die Seiten werden erneut geprüft, wenn er fertig ist.</numerusform>
            <numerusform>Nachernte-Job {patch} erntet %Ln fehlende URLs von Job {job}; die Seiten werden erneut geprüft, wenn er fertig ist.</numerusform>
        </translation>
    </message>
    <message>
        <source>The running qa service cannot make patch jobs yet.</source>
        <translation>Der laufende QA-Dienst kann noch keine Nachernte-Jobs anlegen.</translation>
    </message>
</context>
<context>
    <name>QaReviewScreen</name>
    <message>
        <source>QA review</source>
        <translation>QA-Prüfung</translation>
    </message>
    <message>
        <source>Review how complete a job&apos;s archived pages are, worst first, and patch what is missing.</source>
        <translation>Prüfen, wie vollständig die archivierten Seiten eines Jobs sind, die schlechtesten zuerst, und Fehlendes nachernten.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>job number</source>
        <translation>Jobnummer</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Anzeigen</translation>
    </message>
    <message>
        <source>Run QA</source>
        <translation>QA starten</translation>
    </message>
    <message>
        <source>Render every page of the job&apos;s page list from the archive and score it</source>
        <translation>Jede Seite der Seitenliste des Jobs aus dem Archiv darstellen und bewerten</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Lauf abbrechen</translation>
    </message>
    <message>
        <source>Patch missing</source>
        <translation>Fehlendes nachernten</translation>
    </message>
    <message>
        <source>Harvest the job&apos;s missing resources as a follow-up job of the same harvest, then check those pages again</source>
        <translation>Die fehlenden Ressourcen des Jobs als Folgejob derselben Ernte ernten und diese Seiten danach erneut prüfen</translation>
    </message>
    <message>
        <source>At crawl time</source>
        <translation>Bei der Ernte</translation>
    </message>
    <message>
        <source>As replayed</source>
        <translation>Wie wiedergegeben</translation>
    </message>
    <message>
        <source>Open in the archive browser</source>
        <translation>Im Archivbrowser öffnen</translation>
    </message>
    <message>
        <source>Reviewer&apos;s verdict</source>
        <translation>Urteil des Prüfers</translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation>Notiz (optional)</translation>
    </message>
    <message>
        <source>Save verdict</source>
        <translation>Urteil speichern</translation>
    </message>
    <message>
        <source>Give a job number to review its pages as QA scored them.</source>
        <translation>Geben Sie eine Jobnummer an, um seine Seiten so zu prüfen, wie die QA sie bewertet hat.</translation>
    </message>
    <message>
        <source>Choose a page in the list.</source>
        <translation>Wählen Sie eine Seite in der Liste.</translation>
    </message>
    <message>
        <source>Missing resources</source>
        <translation>Fehlende Ressourcen</translation>
    </message>
    <message>
        <source>Score {score}</source>
        <translation>Wert {score}</translation>
    </message>
    <message>
        <source>looks {score} alike</source>
        <translation>sieht zu {score} gleich aus</translation>
    </message>
    <message>
        <source>text {score} alike</source>
        <translation>Text zu {score} gleich</translation>
    </message>
    <message numerus="yes">
        <source>%Ln resource(s) requested</source>
        <translation>
            <numerusform>%Ln Ressource angefragt</numerusform>
            <numerusform>%Ln Ressourcen angefragt</numerusform>
        </translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>geladen</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>Zeitlimit überschritten</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>abgestürzt</translation>
    </message>
    <message>
        <source>captured {when}</source>
        <translation>erfasst {when}</translation>
    </message>
    <message>
        <source>Errors: {errors}</source>
        <translation>Fehler: {errors}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing resource(s)</source>
        <translation>
            <numerusform>%Ln fehlende Ressource</numerusform>
            <numerusform>%Ln fehlende Ressourcen</numerusform>
        </translation>
    </message>
    <message>
        <source>{verdict} by {reviewer}, {when}</source>
        <translation>{verdict} von {reviewer}, {when}</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>wird geladen …</translation>
    </message>
    <message>
        <source>no picture</source>
        <translation>kein Bild</translation>
    </message>
    <message>
        <source>Choose OK, Acceptable or Broken.</source>
        <translation>Wählen Sie OK, Annehmbar oder Kaputt.</translation>
    </message>
</context>
<context>
    <name>RoleGate</name>
    <message>
        <source>no roles</source>
        <translation>keine Rollen</translation>
    </message>
    <message>
        <source>Needs the {role} role. You are signed in as {who} ({held}).</source>
        <translation>Erfordert die Rolle {role}. Sie sind angemeldet als {who} ({held}).</translation>
    </message>
    <message>
        <source>Needs one of the roles {roles}. You are signed in as {who} ({held}).</source>
        <translation>Erfordert eine der Rollen {roles}. Sie sind angemeldet als {who} ({held}).</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message numerus="yes">
        <source>every %n hour(s)</source>
        <translation>
            <numerusform>jede Stunde</numerusform>
            <numerusform>alle %n Stunden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n day(s)</source>
        <translation>
            <numerusform>jeden Tag</numerusform>
            <numerusform>alle %n Tage</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n week(s)</source>
        <translation>
            <numerusform>jede Woche</numerusform>
            <numerusform>alle %n Wochen</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n month(s)</source>
        <translation>
            <numerusform>jeden Monat</numerusform>
            <numerusform>alle %n Monate</numerusform>
        </translation>
    </message>
    <message>
        <source>on {weekday}</source>
        <translation>am {weekday}</translation>
    </message>
    <message>
        <source>on day {day}</source>
        <translation>am {day}.</translation>
    </message>
    <message>
        <source>at {time}</source>
        <translation>um {time}</translation>
    </message>
    <message>
        <source>at minute {minute}</source>
        <translation>zur Minute {minute}</translation>
    </message>
    <message numerus="yes">
        <source>%n time(s)</source>
        <translation>
            <numerusform>einmal</numerusform>
            <numerusform>%n-mal</numerusform>
        </translation>
    </message>
    <message>
        <source>until {when}</source>
        <translation>bis {when}</translation>
    </message>
</context>
<context>
    <name>SchedulesController</name>
    <message>
        <source>Not a valid schedule yet.</source>
        <translation>Noch kein gültiger Zeitplan.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} gespeichert.</translation>
    </message>
</context>
<context>
    <name>SchedulesScreen</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Kommentare</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>Zeitpläne</translation>
    </message>
    <message>
        <source>When harvests run.</source>
        <translation>Wann Ernten laufen.</translation>
    </message>
    <message>
        <source>New schedule</source>
        <translation>Neuer Zeitplan</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>Stunden</translation>
    </message>
    <message>
        <source>days</source>
        <translation>Tage</translation>
    </message>
    <message>
        <source>weeks</source>
        <translation>Wochen</translation>
    </message>
    <message>
        <source>months</source>
        <translation>Monate</translation>
    </message>
    <message>
        <source>any day</source>
        <translation>jeder Tag</translation>
    </message>
    <message>
        <source>Monday</source>
        <translation>Montag</translation>
    </message>
    <message>
        <source>Tuesday</source>
        <translation>Dienstag</translation>
    </message>
    <message>
        <source>Wednesday</source>
        <translation>Mittwoch</translation>
    </message>
    <message>
        <source>Thursday</source>
        <translation>Donnerstag</translation>
    </message>
    <message>
        <source>Friday</source>
        <translation>Freitag</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>Samstag</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>Sonntag</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Every:</source>
        <translation>Alle:</translation>
    </message>
    <message>
        <source>Unit:</source>
        <translation>Einheit:</translation>
    </message>
    <message>
        <source>At minute (0–59, optional):</source>
        <translation>Zur Minute (0–59, optional):</translation>
    </message>
    <message>
        <source>At hour (0–23, optional):</source>
        <translation>Zur Stunde (0–23, optional):</translation>
    </message>
    <message>
        <source>On weekday:</source>
        <translation>Am Wochentag:</translation>
    </message>
    <message>
        <source>On day of month (1–31, optional):</source>
        <translation>Am Tag des Monats (1–31, optional):</translation>
    </message>
    <message>
        <source>Start (ISO date and time with zone, empty: now):</source>
        <translation>Beginn (ISO-Datum und -Uhrzeit mit Zone, leer: jetzt):</translation>
    </message>
    <message>
        <source>End (ISO date and time with zone, optional):</source>
        <translation>Ende (ISO-Datum und -Uhrzeit mit Zone, optional):</translation>
    </message>
    <message>
        <source>Or end after this many runs:</source>
        <translation>Oder nach so vielen Läufen enden:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentare:</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
    <message>
        <source>The next five runs, if a harvest used it from now:</source>
        <translation>Die nächsten fünf Läufe, wenn eine Ernte ihn ab jetzt nutzte:</translation>
    </message>
</context>
<context>
    <name>Screen</name>
    <message>
        <source>The running {service} service does not offer &apos;{method}&apos; yet.</source>
        <extracomment>How often :meth:`poll` runs while the screen is visible (0: the screen shows nothing that changes by itself). One timer per screen, stopped while the screen is hidden, and a tick is skipped while the previous poll&apos;s calls are still out (docs/decisions/desktop-refresh.md).</extracomment>
        <translation>Der laufende Dienst {service} bietet &apos;{method}&apos; noch nicht an.</translation>
    </message>
</context>
<context>
    <name>Search</name>
    <message>
        <source>Give job numbers and ranges, for example 1, 2, 5-9.</source>
        <translation>Geben Sie Jobnummern und Bereiche an, zum Beispiel 1, 2, 5-9.</translation>
    </message>
</context>
<context>
    <name>SearchScreen</name>
    <message>
        <source>Search</source>
        <translation>Suchen</translation>
    </message>
    <message>
        <source>Find archived pages, PDFs and texts by their words.</source>
        <translation>Archivierte Seiten, PDFs und Texte nach ihren Wörtern finden.</translation>
    </message>
    <message>
        <source>Words:</source>
        <translation>Wörter:</translation>
    </message>
    <message>
        <source>Jobs:</source>
        <translation>Jobs:</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Reihenfolge:</translation>
    </message>
    <message>
        <source>words, &quot;a phrase&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</source>
        <translation>Wörter, &quot;eine Phrase&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</translation>
    </message>
    <message>
        <source>job numbers, e.g. 1, 2, 5-9 (empty: every indexed job)</source>
        <translation>Jobnummern, z. B. 1, 2, 5-9 (leer: alle indizierten Jobs)</translation>
    </message>
    <message>
        <source>most relevant first</source>
        <translation>relevanteste zuerst</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>neueste zuerst</translation>
    </message>
    <message>
        <source>oldest first</source>
        <translation>älteste zuerst</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Vorherige Seite</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Nächste Seite</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>WACZ exportieren…</translation>
    </message>
    <message>
        <source>The captures of every hit&apos;s URL (up to the first 1,000 hits) in the jobs of the hits, as one WACZ file</source>
        <translation>Die Erfassungen der URL jedes Treffers (bis zu den ersten 1.000 Treffern) in den Jobs der Treffer, als eine WACZ-Datei</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Suche läuft…</translation>
    </message>
    <message>
        <source>No hits for {query}.</source>
        <translation>Keine Treffer für {query}.</translation>
    </message>
    <message>
        <source>Hits {first}–{last} of {total} in jobs {jobs}.</source>
        <translation>Treffer {first}–{last} von {total} in Jobs {jobs}.</translation>
    </message>
    <message>
        <source>Not searched yet: jobs {jobs} (their index is being made; search again).</source>
        <translation>Noch nicht durchsucht: Jobs {jobs} (ihr Index wird erstellt; erneut suchen).</translation>
    </message>
    <message>
        <source>revisit</source>
        <translation>Wiederbesuch</translation>
    </message>
    <message>
        <source>job {job}</source>
        <translation>Job {job}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domains</translation>
    </message>
    <message>
        <source>Years</source>
        <translation>Jahre</translation>
    </message>
    <message>
        <source>Types</source>
        <translation>Typen</translation>
    </message>
    <message>
        <source>The captures of the URLs found by {query} (the first 1,000 hits at most), in the jobs of the hits.</source>
        <translation>Die Erfassungen der von {query} gefundenen URLs (höchstens die ersten 1.000 Treffer) in den Jobs der Treffer.</translation>
    </message>
</context>
<context>
    <name>ServerText</name>
    <message>
        <source>Cancelled by a curator: {reason}</source>
        <translation>Von einem Kurator abgebrochen: {reason}</translation>
    </message>
    <message>
        <source>Cancelled by a curator.</source>
        <translation>Von einem Kurator abgebrochen.</translation>
    </message>
    <message>
        <source>No word from the harvester within the job time-out: marked failed.</source>
        <translation>Keine Nachricht vom Harvester innerhalb der Job-Zeitgrenze: als fehlgeschlagen markiert.</translation>
    </message>
    <message>
        <source>Nothing was harvested: no object was fetched for any of the job&apos;s domains.</source>
        <translation>Nichts wurde geerntet: für keine Domain des Jobs wurde ein Objekt abgerufen.</translation>
    </message>
    <message>
        <source>The harvest failed: {error}</source>
        <translation>Die Ernte ist fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>The upload to the archive failed: {error}</source>
        <translation>Die Übertragung ins Archiv ist fehlgeschlagen: {error}</translation>
    </message>
    <message>
        <source>The {kind} audit {audit} of replica {replica} found {missing}, {corrupt} and {disputed}.</source>
        <translation>Die Prüfung {audit} ({kind}) des Replikats {replica} fand {missing}, {corrupt} und {disputed}.</translation>
    </message>
    <message numerus="yes">
        <source>%n missing file(s)</source>
        <translation>
            <numerusform>%n fehlende Datei</numerusform>
            <numerusform>%n fehlende Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n corrupt file(s)</source>
        <translation>
            <numerusform>%n beschädigte Datei</numerusform>
            <numerusform>%n beschädigte Dateien</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n disputed file(s)</source>
        <translation>
            <numerusform>%n strittige Datei</numerusform>
            <numerusform>%n strittige Dateien</numerusform>
        </translation>
    </message>
    <message>
        <source>{instance} ({service} on {host}) has sent no heartbeat for {age}.</source>
        <translation>{instance} ({service} auf {host}) hat seit {age} kein Lebenszeichen gesendet.</translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n Sekunde</numerusform>
            <numerusform>%n Sekunden</numerusform>
        </translation>
    </message>
    <message>
        <source>{file} could not be stored in {replicas}.</source>
        <translation>{file} konnte nicht in {replicas} gespeichert werden.</translation>
    </message>
    <message>
        <source>a replica</source>
        <translation>einem Replikat</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new files (replica {replica}).</source>
        <translation>{instance} hat zu wenig freien Speicherplatz und nimmt keine neuen Dateien an (Replikat {replica}).</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new jobs (channel {channel}).</source>
        <translation>{instance} hat zu wenig freien Speicherplatz und nimmt keine neuen Jobs an (Kanal {channel}).</translation>
    </message>
    <message>
        <source>Job {id} failed. {reason}</source>
        <translation>Job {id} ist fehlgeschlagen. {reason}</translation>
    </message>
    <message>
        <source>Harvest definition {id} could not be scheduled and was deactivated: {error}</source>
        <translation>Erntedefinition {id} konnte nicht eingeplant werden und wurde deaktiviert: {error}</translation>
    </message>
    <message>
        <source>Audit found damage</source>
        <translation>Prüfung fand Schäden</translation>
    </message>
    <message>
        <source>Instance lost</source>
        <translation>Instanz verloren</translation>
    </message>
    <message>
        <source>Store failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>Upload failed</source>
        <translation>Übertragung fehlgeschlagen</translation>
    </message>
    <message>
        <source>Disk space low</source>
        <translation>Wenig Speicherplatz</translation>
    </message>
    <message>
        <source>Job failed</source>
        <translation>Job fehlgeschlagen</translation>
    </message>
    <message>
        <source>Definition deactivated</source>
        <translation>Definition deaktiviert</translation>
    </message>
    <message>
        <source>replica {replica} does not hold the file (re-establish it instead)</source>
        <translation>Replikat {replica} enthält die Datei nicht (stattdessen wiederherstellen)</translation>
    </message>
    <message>
        <source>the copy equals the reference: nothing to replace</source>
        <translation>die Kopie entspricht der Referenz: nichts zu ersetzen</translation>
    </message>
    <message>
        <source>no other replica holds a copy equal to the reference</source>
        <translation>kein anderes Replikat hat eine Kopie, die der Referenz entspricht</translation>
    </message>
    <message>
        <source>other copies agree with this one against the reference: a person must decide</source>
        <translation>andere Kopien stimmen gegen die Referenz mit dieser überein: ein Mensch muss entscheiden</translation>
    </message>
    <message>
        <source>QA of job {id}: {complete} of {checked} pages complete, below the threshold of {threshold} %.</source>
        <translation>QA von Job {id}: {complete} von {checked} Seiten vollständig, unter der Schwelle von {threshold} %.</translation>
    </message>
    <message>
        <source>QA incomplete</source>
        <translation>QA unvollständig</translation>
    </message>
</context>
<context>
    <name>SignIn</name>
    <message>
        <source>The user name or password was refused.</source>
        <extracomment>what shared.client.Unreachable says when RabbitMQ refuses the user name or password</extracomment>
        <translation>Benutzername oder Passwort wurde abgelehnt.</translation>
    </message>
    <message>
        <source>The broker at {where} cannot be reached. Check the server settings, or try again later.</source>
        <translation>Der Broker unter {where} ist nicht erreichbar. Prüfen Sie die Servereinstellungen oder versuchen Sie es später erneut.</translation>
    </message>
    <message>
        <source>The services do not know the user {user}. Ask an administrator to add you.</source>
        <translation>Die Dienste kennen den Benutzer {user} nicht. Bitten Sie einen Administrator, Sie hinzuzufügen.</translation>
    </message>
    <message>
        <source>The user {user} is disabled. Ask an administrator.</source>
        <translation>Der Benutzer {user} ist deaktiviert. Wenden Sie sich an einen Administrator.</translation>
    </message>
    <message>
        <source>The services refuse to work for {user}.</source>
        <translation>Die Dienste arbeiten nicht für {user}.</translation>
    </message>
</context>
<context>
    <name>TrapsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} gespeichert.</translation>
    </message>
</context>
<context>
    <name>TrapsScreen</name>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beschreibung</translation>
    </message>
    <message>
        <source>Expressions</source>
        <translation>Ausdrücke</translation>
    </message>
    <message numerus="yes">
        <source>%Ln expression(s)</source>
        <translation>
            <numerusform>%Ln Ausdruck</numerusform>
            <numerusform>%Ln Ausdrücke</numerusform>
        </translation>
    </message>
    <message>
        <source>Global crawler traps</source>
        <translation>Globale Crawler-Fallen</translation>
    </message>
    <message>
        <source>URL patterns no harvest should follow.</source>
        <translation>URL-Muster, denen keine Ernte folgen soll.</translation>
    </message>
    <message>
        <source>New trap list</source>
        <translation>Neue Fallenliste</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>Beschreibung:</translation>
    </message>
    <message>
        <source>Active:</source>
        <translation>Aktiv:</translation>
    </message>
    <message>
        <source>Regular expressions (one a line):</source>
        <translation>Reguläre Ausdrücke (einer je Zeile):</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Speichern</translation>
    </message>
</context>
<context>
    <name>UnavailablePanel</name>
    <message>
        <source>Service not available: {service}</source>
        <translation>Dienst nicht verfügbar: {service}</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Erneut versuchen</translation>
    </message>
</context>
<context>
    <name>Vocabulary</name>
    <message>
        <source>starting</source>
        <translation>startet</translation>
    </message>
    <message>
        <source>running</source>
        <translation>läuft</translation>
    </message>
    <message>
        <source>dormant</source>
        <translation>ruhend</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>hält an</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>angehalten</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>verloren</translation>
    </message>
    <message>
        <source>new</source>
        <translation>neu</translation>
    </message>
    <message>
        <source>done</source>
        <translation>fertig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fehlgeschlagen</translation>
    </message>
    <message>
        <source>resubmitted</source>
        <translation>erneut eingereicht</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>in der Warteschlange</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>abgeschlossen</translation>
    </message>
    <message>
        <source>object limit reached</source>
        <translation>Objektgrenze erreicht</translation>
    </message>
    <message>
        <source>size limit reached</source>
        <translation>Größengrenze erreicht</translation>
    </message>
    <message>
        <source>configuration size limit reached</source>
        <translation>Größengrenze der Konfiguration erreicht</translation>
    </message>
    <message>
        <source>configuration object limit reached</source>
        <translation>Objektgrenze der Konfiguration erreicht</translation>
    </message>
    <message>
        <source>time limit reached</source>
        <translation>Zeitgrenze erreicht</translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation>unvollendet</translation>
    </message>
    <message>
        <source>no seed could be fetched</source>
        <translation>kein Seed konnte abgerufen werden</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>abgebrochen</translation>
    </message>
    <message>
        <source>harvested</source>
        <translation>geerntet</translation>
    </message>
    <message>
        <source>partly harvested</source>
        <translation>teilweise geerntet</translation>
    </message>
    <message>
        <source>nothing harvested</source>
        <translation>nichts geerntet</translation>
    </message>
    <message>
        <source>not stored</source>
        <translation>nicht gespeichert</translation>
    </message>
    <message>
        <source>storing</source>
        <translation>wird gespeichert</translation>
    </message>
    <message>
        <source>stored, not yet confirmed</source>
        <translation>gespeichert, noch nicht bestätigt</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>gespeichert</translation>
    </message>
    <message>
        <source>storing failed</source>
        <translation>Speichern fehlgeschlagen</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>selektiv</translation>
    </message>
    <message>
        <source>event</source>
        <translation>Ereignis</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>Snapshot</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>Warnung</translation>
    </message>
    <message>
        <source>error</source>
        <translation>Fehler</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisch</translation>
    </message>
</context>
<context>
    <name>WaczDialog</name>
    <message>
        <source>Export WACZ</source>
        <translation>WACZ exportieren</translation>
    </message>
    <message>
        <source>Web archive collections (*.wacz)</source>
        <translation>Webarchiv-Sammlungen (*.wacz)</translation>
    </message>
    <message>
        <source>Cancel export</source>
        <translation>Export abbrechen</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Schließen</translation>
    </message>
    <message>
        <source>To {file}</source>
        <translation>Nach {file}</translation>
    </message>
    <message>
        <source>Asking the archive…</source>
        <translation>Das Archiv wird gefragt…</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} von {total}</translation>
    </message>
    <message>
        <source>Writing {file}</source>
        <translation>Schreibe {file}</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Wird abgebrochen…</translation>
    </message>
</context>
<context>
    <name>WaczExport</name>
    <message>
        <source>The search has no hits to export.</source>
        <translation>Die Suche hat keine Treffer zum Exportieren.</translation>
    </message>
    <message>
        <source>Search: {query}</source>
        <translation>Suche: {query}</translation>
    </message>
    <message>
        <source>The file could not be written: {reason}</source>
        <translation>Die Datei konnte nicht geschrieben werden: {reason}</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>Der Export wurde abgebrochen; es wurde keine Datei geschrieben.</translation>
    </message>
    <message>
        <source>The export failed; no file was written. {reason}</source>
        <translation>Der Export ist fehlgeschlagen; es wurde keine Datei geschrieben. {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Saved {file} ({size}): %Ln record(s).</source>
        <translation>
            <numerusform>{file} gespeichert ({size}): %Ln Datensatz.</numerusform>
            <numerusform>{file} gespeichert ({size}): %Ln Datensätze.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Job(s): {jobs}.</source>
        <translation>
            <numerusform>Job: {jobs}.</numerusform>
            <numerusform>Jobs: {jobs}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln revisited payload(s) have no original in the package.</source>
        <translation>
            <numerusform>%Ln erneut besuchter Inhalt hat kein Original im Paket.</numerusform>
            <numerusform>%Ln erneut besuchte Inhalte haben kein Original im Paket.</numerusform>
        </translation>
    </message>
</context>
</TS>
