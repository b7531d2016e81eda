<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="da_DK">
<context>
    <name>ArchiveBrowser</name>
    <message>
        <source>Choose the missing URLs to add.</source>
        <translation>Vælg de manglende URL&apos;er, der skal tilføjes.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s) added to {list} of {domain}.</source>
        <translation>
            <numerusform>%Ln frø tilføjet til {list} for {domain}.</numerusform>
            <numerusform>%Ln frø tilføjet til {list} for {domain}.</numerusform>
        </translation>
    </message>
    <message>
        <source>What the archive holds of this page cannot be read: {reason}</source>
        <translation>Hvad arkivet har af denne side, kan ikke læses: {reason}</translation>
    </message>
    <message>
        <source>The other captures of this page cannot be listed: {reason}</source>
        <translation>Sidens andre høstninger kan ikke vises: {reason}</translation>
    </message>
    <message>
        <source>The other capture cannot be shown: {reason}</source>
        <translation>Den anden høstning kan ikke vises: {reason}</translation>
    </message>
    <message>
        <source>Asking the archive for it...</source>
        <translation>Spørger arkivet...</translation>
    </message>
    <message>
        <source>Downloading: {done} of {size}</source>
        <translation>Henter: {done} af {size}</translation>
    </message>
    <message>
        <source>Downloading: {done}</source>
        <translation>Henter: {done}</translation>
    </message>
    <message>
        <source>The download failed: {reason}</source>
        <translation>Hentningen mislykkedes: {reason}</translation>
    </message>
    <message>
        <source>Saved {path} ({size}).</source>
        <translation>Gemt {path} ({size}).</translation>
    </message>
    <message>
        <source>the archive&apos;s file server did not hand it out</source>
        <translation>arkivets filserver udleverede den ikke</translation>
    </message>
    <message>
        <source>it arrived damaged (its checksum is not the archive&apos;s); nothing was saved</source>
        <translation>den ankom beskadiget (dens checksum er ikke arkivets); intet blev gemt</translation>
    </message>
    <message>
        <source>the file cannot be written</source>
        <translation>filen kan ikke skrives</translation>
    </message>
    <message>
        <source>it was cancelled</source>
        <translation>den blev afbrudt</translation>
    </message>
</context>
<context>
    <name>ArchiveBrowserScreen</name>
    <message>
        <source>Archive browser</source>
        <translation>Arkivbrowser</translation>
    </message>
    <message>
        <source>Browse what a job archived, and collect the URLs it missed.</source>
        <translation>Gennemse hvad et job arkiverede, og saml de URL&apos;er, det manglede.</translation>
    </message>
    <message>
        <source>Jobs to browse:</source>
        <translation>Job at gennemse:</translation>
    </message>
    <message>
        <source>job numbers, e.g. 12 13</source>
        <translation>jobnumre, fx 12 13</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation>Gennemse</translation>
    </message>
    <message>
        <source>Qt WebEngine is not installed here.</source>
        <translation>Qt WebEngine er ikke installeret her.</translation>
    </message>
    <message>
        <source>Jobs {first} … {last} ({count})</source>
        <translation>Job {first} … {last} ({count})</translation>
    </message>
    <message>
        <source>Jobs {ids}</source>
        <translation>Job {ids}</translation>
    </message>
</context>
<context>
    <name>ArchiveTab</name>
    <message>
        <source>Record missing URLs</source>
        <translation>Registrér manglende URL&apos;er</translation>
    </message>
    <message>
        <source>Refresh the list</source>
        <translation>Opdatér listen</translation>
    </message>
    <message>
        <source>Domain (e.g. kb.dk)</source>
        <translation>Domæne (fx kb.dk)</translation>
    </message>
    <message>
        <source>Seed list</source>
        <translation>Frøliste</translation>
    </message>
    <message>
        <source>Add selected as seeds</source>
        <translation>Tilføj valgte som frø</translation>
    </message>
    <message>
        <source>◀ Previous capture</source>
        <translation>◀ Forrige høstning</translation>
    </message>
    <message>
        <source>Next capture ▶</source>
        <translation>Næste høstning ▶</translation>
    </message>
    <message>
        <source>Download record</source>
        <translation>Hent post</translation>
    </message>
    <message>
        <source>Save this page&apos;s record, as the archive stores it</source>
        <translation>Gem denne sides post, som arkivet opbevarer den</translation>
    </message>
    <message>
        <source>Download file</source>
        <translation>Hent fil</translation>
    </message>
    <message>
        <source>Save the whole archive file that holds this page&apos;s record</source>
        <translation>Gem hele arkivfilen, der indeholder denne sides post</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Eksportér WACZ…</translation>
    </message>
    <message>
        <source>The jobs of this session as one WACZ file</source>
        <translation>Sessionens jobs som én WACZ-fil</translation>
    </message>
    <message>
        <source>Pages of the job</source>
        <translation>Jobbets sider</translation>
    </message>
    <message>
        <source>Seeds first, then the pages the browser rendered, then the other HTML pages. Click one to show it as archived.</source>
        <translation>Seeds først, så de sider browseren gengav, så de andre HTML-sider. Klik på en for at se den, som den er arkiveret.</translation>
    </message>
    <message>
        <source>URL starts with… (example.dk/news/)</source>
        <translation>URL begynder med … (example.dk/news/)</translation>
    </message>
    <message>
        <source>Job {job}</source>
        <translation>Job {job}</translation>
    </message>
    <message>
        <source>The jobs of this session ({jobs}), with their metadata and the originals of their revisits.</source>
        <translation>Sessionens jobs ({jobs}) med deres metadata og originalerne til deres gensyn.</translation>
    </message>
    <message>
        <source>The page {url} is not shown: its certificate is not the viewerproxy&apos;s ({reason}). Close this tab and browse again: the new tab trusts the viewerproxy&apos;s current certificate.</source>
        <translation>Siden {url} vises ikke: dens certifikat er ikke viewerproxyens ({reason}). Luk denne fane og gennemse igen: den nye fane stoler på viewerproxyens nuværende certifikat.</translation>
    </message>
    <message>
        <source>Missing URLs</source>
        <translation>Manglende URL&apos;er</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing URL(s)</source>
        <translation>
            <numerusform>%Ln manglende URL</numerusform>
            <numerusform>%Ln manglende URL&apos;er</numerusform>
        </translation>
    </message>
    <message>
        <source>Record missing URLs ({count})</source>
        <translation>Registrér manglende URL&apos;er ({count})</translation>
    </message>
    <message>
        <source>Asked for by {referrer}</source>
        <translation>Efterspurgt af {referrer}</translation>
    </message>
    <message>
        <source>Not in the archive</source>
        <translation>Ikke i arkivet</translation>
    </message>
    <message>
        <source>Captured {when}</source>
        <translation>Høstet {when}</translation>
    </message>
    <message>
        <source>Record: {file} at offset {offset}</source>
        <translation>Post: {file} ved offset {offset}</translation>
    </message>
    <message>
        <source>Earlier capture: {when}</source>
        <translation>Tidligere høstning: {when}</translation>
    </message>
    <message>
        <source>Later capture: {when}</source>
        <translation>Senere høstning: {when}</translation>
    </message>
    <message>
        <source>capture {n} of {count}</source>
        <translation>høstning {n} af {count}</translation>
    </message>
    <message>
        <source>Save the record</source>
        <translation>Gem posten</translation>
    </message>
    <message>
        <source>Save the archive file</source>
        <translation>Gem arkivfilen</translation>
    </message>
    <message>
        <source>The viewerproxy cannot be reached, so no archived page can be shown (nothing is fetched from the live web): {reason}</source>
        <translation>Viewerproxyen kan ikke nås, så ingen arkiveret side kan vises (intet hentes fra det levende web): {reason}</translation>
    </message>
</context>
<context>
    <name>BitIntegrity</name>
    <message>
        <source>file list</source>
        <translation>filliste</translation>
    </message>
    <message>
        <source>checksums</source>
        <translation>kontrolsummer</translation>
    </message>
    <message>
        <source>salted challenge</source>
        <translation>saltet udfordring</translation>
    </message>
    <message>
        <source>reestablish missing</source>
        <translation>genskab manglende</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>i kø</translation>
    </message>
    <message>
        <source>running</source>
        <translation>kører</translation>
    </message>
    <message>
        <source>done</source>
        <translation>færdig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fejlet</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulleret</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>mangler</translation>
    </message>
    <message>
        <source>corrupt</source>
        <translation>beskadiget</translation>
    </message>
    <message>
        <source>disputed: a person must look</source>
        <translation>omstridt: en person må se på den</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fil</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Fund</translation>
    </message>
    <message>
        <source>Reference checksum</source>
        <translation>Referencekontrolsum</translation>
    </message>
    <message>
        <source>Checksum in this replica</source>
        <translation>Kontrolsum i denne replika</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>Kontrolleret</translation>
    </message>
</context>
<context>
    <name>BitIntegrityScreen</name>
    <message>
        <source>Bit integrity</source>
        <translation>Bitintegritet</translation>
    </message>
    <message>
        <source>Every replica&apos;s files checked: audits, missing and corrupt copies, repair.</source>
        <translation>Alle replikaers filer kontrolleret: revisioner, manglende og beskadigede kopier, reparation.</translation>
    </message>
    <message>
        <source>Choose a replica to see its missing and corrupt copies.</source>
        <translation>Vælg en replika for at se dens manglende og beskadigede kopier.</translation>
    </message>
    <message>
        <source>Start audit</source>
        <translation>Start revision</translation>
    </message>
    <message>
        <source>Cancel audit</source>
        <translation>Annullér revision</translation>
    </message>
    <message>
        <source>Reestablish all missing</source>
        <translation>Genskab alle manglende</translation>
    </message>
    <message>
        <source>Replace this corrupt copy…</source>
        <translation>Erstat denne beskadigede kopi…</translation>
    </message>
    <message>
        <source>Missing copies:</source>
        <translation>Manglende kopier:</translation>
    </message>
    <message>
        <source>Corrupt copies:</source>
        <translation>Beskadigede kopier:</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Replika</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Filer</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Mangler</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Beskadiget</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Omstridt</translation>
    </message>
    <message>
        <source>Old checksums</source>
        <translation>Gamle kontrolsummer</translation>
    </message>
    <message>
        <source>Oldest checksum</source>
        <translation>Ældste kontrolsum</translation>
    </message>
    <message>
        <source>Last audit</source>
        <translation>Seneste revision</translation>
    </message>
    <message>
        <source>Replica {replica}</source>
        <translation>Replika {replica}</translation>
    </message>
    <message numerus="yes">
        <source>{kind} audit {id}: {state}; %Ln file(s) seen, {missing} missing, {corrupt} corrupt</source>
        <translation>
            <numerusform>Revision {id} ({kind}): {state}; %Ln fil set, {missing} mangler, {corrupt} beskadigede</numerusform>
            <numerusform>Revision {id} ({kind}): {state}; %Ln filer set, {missing} mangler, {corrupt} beskadigede</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy the %Ln missing file(s) back into {replica} from a good copy in another replica? Nothing is deleted; each copy is checked against the reference checksum.</source>
        <translation>
            <numerusform>Kopiér den %Ln manglende fil tilbage til {replica} fra en god kopi i en anden replika? Intet slettes; kopien kontrolleres mod referencekontrolsummen.</numerusform>
            <numerusform>Kopiér de %Ln manglende filer tilbage til {replica} fra en god kopi i en anden replika? Intet slettes; hver kopi kontrolleres mod referencekontrolsummen.</numerusform>
        </translation>
    </message>
    <message>
        <source>(partial: no answer from {instances})</source>
        <translation>(delvis: intet svar fra {instances})</translation>
    </message>
    <message>
        <source>Choose a corrupt copy first.</source>
        <translation>Vælg først en beskadiget kopi.</translation>
    </message>
    <message>
        <source>File: {name} in {replica}</source>
        <translation>Fil: {name} i {replica}</translation>
    </message>
    <message>
        <source>Checksum of the corrupt copy: {checksum}</source>
        <translation>Kontrolsum for den beskadigede kopi: {checksum}</translation>
    </message>
    <message>
        <source>Reference checksum: {checksum}</source>
        <translation>Referencekontrolsum: {checksum}</translation>
    </message>
    <message>
        <source>Good copy: {replica} ({checksum})</source>
        <translation>God kopi: {replica} ({checksum})</translation>
    </message>
    <message>
        <source>The corrupt copy is moved aside (kept, not deleted) and replaced by the good copy.</source>
        <translation>Den beskadigede kopi flyttes til side (bevares, slettes ikke) og erstattes af den gode kopi.</translation>
    </message>
    <message>
        <source>This copy cannot be replaced: {reason}</source>
        <translation>Denne kopi kan ikke erstattes: {reason}</translation>
    </message>
    <message>
        <source>Replace this corrupt copy</source>
        <translation>Erstat denne beskadigede kopi</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Erstat</translation>
    </message>
    <message>
        <source>Replaced {name} in {replica}; the old copy is kept at {attic}</source>
        <translation>{name} i {replica} er erstattet; den gamle kopi er gemt i {attic}</translation>
    </message>
</context>
<context>
    <name>BrowseScope</name>
    <message>
        <source>The jobs to browse cannot be listed: {reason}</source>
        <translation>De job, der skal gennemses, kan ikke vises: {reason}</translation>
    </message>
    <message>
        <source>{what}: no ended job to browse yet.</source>
        <translation>{what}: endnu intet afsluttet job at gennemse.</translation>
    </message>
    <message numerus="yes">
        <source>{what}: the newest %Ln job(s) are browsed; older ones are left out.</source>
        <translation>
            <numerusform>{what}: det nyeste %Ln job gennemses; ældre udelades.</numerusform>
            <numerusform>{what}: de %Ln nyeste job gennemses; ældre udelades.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChannelsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} er gemt.</translation>
    </message>
</context>
<context>
    <name>ChannelsScreen</name>
    <message>
        <source>Name</source>
        <translation>Navn</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>snapshot</translation>
    </message>
    <message>
        <source>focused</source>
        <translation>fokuseret</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Standard</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Kommentarer</translation>
    </message>
    <message>
        <source>Harvest channels</source>
        <translation>Høstkanaler</translation>
    </message>
    <message>
        <source>Which harvester channel runs which kind of harvest.</source>
        <translation>Hvilken høstkanal kører hvilken slags høstning.</translation>
    </message>
    <message>
        <source>Make default of its kind</source>
        <translation>Gør til standard for sin type</translation>
    </message>
    <message>
        <source>New channel:</source>
        <translation>Ny kanal:</translation>
    </message>
    <message>
        <source>For snapshot harvests:</source>
        <translation>Til snapshot-høstninger:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentarer:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Opret</translation>
    </message>
</context>
<context>
    <name>ChartsScreen</name>
    <message>
        <source>Charts</source>
        <translation>Diagrammer</translation>
    </message>
    <message>
        <source>Jobs per day and status; bytes per run of a harvest.</source>
        <translation>Job pr. dag og status; bytes pr. kørsel af en høstning.</translation>
    </message>
    <message>
        <source>Jobs created in the last (days):</source>
        <translation>Job oprettet i de seneste (dage):</translation>
    </message>
    <message>
        <source>Bytes harvested per run of:</source>
        <translation>Høstede bytes pr. kørsel af:</translation>
    </message>
    <message>
        <source>Terabytes</source>
        <translation>Terabytes</translation>
    </message>
    <message>
        <source>Gigabytes</source>
        <translation>Gigabytes</translation>
    </message>
    <message>
        <source>Kilobytes</source>
        <translation>Kilobytes</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Mangler</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Beskadiget</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Omstridt</translation>
    </message>
    <message>
        <source>Not checked yet</source>
        <translation>Endnu ikke kontrolleret</translation>
    </message>
    <message>
        <source>Copies per replica</source>
        <translation>Kopier pr. replika</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Filer</translation>
    </message>
    <message>
        <source>No replica health: {reason}</source>
        <translation>Ingen replikatilstand: {reason}</translation>
    </message>
    <message>
        <source>Every file should have an OK copy in every replica.</source>
        <translation>Hver fil bør have en OK-kopi i hver replika.</translation>
    </message>
    <message>
        <source>Size of the whole archive</source>
        <translation>Hele arkivets størrelse</translation>
    </message>
    <message>
        <source>Archive size</source>
        <translation>Arkivets størrelse</translation>
    </message>
    <message>
        <source>No archive growth: {reason}</source>
        <translation>Ingen arkivvækst: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>The archive holds %Ln file(s), {size}; {new} taken in these days.</source>
        <translation>
            <numerusform>Arkivet rummer %Ln fil, {size}; {new} modtaget i disse dage.</numerusform>
            <numerusform>Arkivet rummer %Ln filer, {size}; {new} modtaget i disse dage.</numerusform>
        </translation>
    </message>
    <message>
        <source>Jobs per status over time</source>
        <translation>Job pr. status over tid</translation>
    </message>
    <message>
        <source>Bytes harvested</source>
        <translation>Høstede bytes</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Kørsel %1</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Bytes harvested per run</source>
        <translation>Høstede bytes pr. kørsel</translation>
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
        <translation>Forbinder…</translation>
    </message>
    <message>
        <source>You are not signed in</source>
        <translation>Du er ikke logget ind</translation>
    </message>
    <message>
        <source>Cannot reach the services</source>
        <translation>Tjenesterne kan ikke nås</translation>
    </message>
    <message>
        <source>The services at {where} answer, but refuse to work for this user. Sign in as a user they know.</source>
        <translation>Tjenesterne på {where} svarer, men vil ikke arbejde for denne bruger. Log ind som en bruger, de kender.</translation>
    </message>
    <message>
        <source>The application could not talk to the message broker at {where}. The services may be stopped, or the connection settings may be wrong. Nothing you saved is lost.</source>
        <translation>Programmet kunne ikke tale med meddelelsesbrokeren på {where}. Tjenesterne er måske stoppet, eller forbindelsesindstillingerne er forkerte. Intet af det, du har gemt, er gået tabt.</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Prøv igen</translation>
    </message>
    <message>
        <source>Connection settings…</source>
        <translation>Forbindelsesindstillinger…</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <source>Unexpected error</source>
        <translation>Uventet fejl</translation>
    </message>
    <message>
        <source>Something went wrong that the application did not expect. Your saved work is safe on the server. Please copy the details below into a report to the people who run the system.</source>
        <translation>Der skete noget, som programmet ikke havde forventet. Dit gemte arbejde er i sikkerhed på serveren. Kopiér venligst detaljerne nedenfor ind i en rapport til dem, der driver systemet.</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Kopiér detaljer</translation>
    </message>
</context>
<context>
    <name>DomainsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} er gemt.</translation>
    </message>
    <message>
        <source>Give at least one seed.</source>
        <translation>Angiv mindst én seed.</translation>
    </message>
    <message>
        <source>This domain has no seed list {names}.</source>
        <translation>Domænet har ingen frøliste {names}.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>linje {line}: {text}</translation>
    </message>
    <message>
        <source>Ingest cancelled after line {line}.</source>
        <translation>Indlæsningen blev afbrudt efter linje {line}.</translation>
    </message>
    <message>
        <source>Ingest finished.</source>
        <translation>Indlæsningen er færdig.</translation>
    </message>
    <message>
        <source>Created: {created}, already known: {existing}, duplicates: {duplicates}, invalid: {invalid}.</source>
        <translation>Oprettet: {created}, kendt i forvejen: {existing}, dubletter: {duplicates}, ugyldige: {invalid}.</translation>
    </message>
    <message>
        <source>Invalid lines: {lines}</source>
        <translation>Ugyldige linjer: {lines}</translation>
    </message>
</context>
<context>
    <name>DomainsScreen</name>
    <message>
        <source>no limit</source>
        <translation>ingen grænse</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domæne</translation>
    </message>
    <message>
        <source>TLD</source>
        <translation>TLD</translation>
    </message>
    <message>
        <source>Alias of</source>
        <translation>Alias for</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Oprettet</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Navn</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Høstprofil</translation>
    </message>
    <message>
        <source>Seed lists</source>
        <translation>Seedlister</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Maks. objekter</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Maks. bytes</translation>
    </message>
    <message>
        <source>Requests/min</source>
        <translation>Forespørgsler/min</translation>
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
        <translation>Bruger</translation>
    </message>
    <message>
        <source>Harvest</source>
        <translation>Høstning</translation>
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
        <translation>Objekter</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Stopårsag</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Afsluttet</translation>
    </message>
    <message>
        <source>History of {domain}</source>
        <translation>Historik for {domain}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domæner</translation>
    </message>
    <message>
        <source>Start here: the domains to harvest, their seeds and configurations.</source>
        <translation>Start her: domænerne der skal høstes, deres frø og konfigurationer.</translation>
    </message>
    <message>
        <source>Search with * and ?, e.g. *.dk or kb*</source>
        <translation>Søg med * og ?, f.eks. *.dk eller kb*</translation>
    </message>
    <message>
        <source>in names</source>
        <translation>i navne</translation>
    </message>
    <message>
        <source>in comments</source>
        <translation>i kommentarer</translation>
    </message>
    <message>
        <source>in crawler traps</source>
        <translation>i crawlerfælder</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Søg</translation>
    </message>
    <message>
        <source>New domain:</source>
        <translation>Nyt domæne:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Opret</translation>
    </message>
    <message>
        <source>Mass ingest of a domain list…</source>
        <translation>Masseindlæsning af en domæneliste…</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Generelt</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Konfigurationer</translation>
    </message>
    <message>
        <source>Crawler traps</source>
        <translation>Crawlerfælder</translation>
    </message>
    <message>
        <source>Owner info</source>
        <translation>Ejeroplysninger</translation>
    </message>
    <message>
        <source>Site logins</source>
        <translation>Site-logins</translation>
    </message>
    <message>
        <source>Harvest history</source>
        <translation>Høsthistorik</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentarer:</translation>
    </message>
    <message>
        <source>Alias of (domain):</source>
        <translation>Alias for (domæne):</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Gem</translation>
    </message>
    <message>
        <source>Browse this domain&apos;s history</source>
        <translation>Gennemse domænets historik</translation>
    </message>
    <message>
        <source>Opens the archive browser on every ended job of this domain&apos;s history: step through its captures</source>
        <translation>Åbner arkivbrowseren med alle afsluttede job i domænets historik: gå gennem dets høstninger</translation>
    </message>
    <message>
        <source>Seed list name:</source>
        <translation>Seedlistens navn:</translation>
    </message>
    <message>
        <source>Seeds (one URL a line):</source>
        <translation>Seeds (én URL pr. linje):</translation>
    </message>
    <message>
        <source>Save seed list</source>
        <translation>Gem seedliste</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Navn:</translation>
    </message>
    <message>
        <source>Crawl profile:</source>
        <translation>Høstprofil:</translation>
    </message>
    <message>
        <source>Seed lists:</source>
        <translation>Frølister:</translation>
    </message>
    <message>
        <source>Max objects:</source>
        <translation>Maks. objekter:</translation>
    </message>
    <message>
        <source>Max bytes:</source>
        <translation>Maks. bytes:</translation>
    </message>
    <message>
        <source>Max requests a minute:</source>
        <translation>Maks. forespørgsler pr. minut:</translation>
    </message>
    <message>
        <source>Default configuration:</source>
        <translation>Standardkonfiguration:</translation>
    </message>
    <message>
        <source>Save configuration</source>
        <translation>Gem konfiguration</translation>
    </message>
    <message>
        <source>Crawler traps (one regular expression a line):</source>
        <translation>Crawlerfælder (ét regulært udtryk pr. linje):</translation>
    </message>
    <message>
        <source>Save crawler traps</source>
        <translation>Gem crawlerfælder</translation>
    </message>
    <message>
        <source>New note:</source>
        <translation>Ny note:</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Tilføj note</translation>
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
        <translation>Bruger:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Adgangskode:</translation>
    </message>
    <message>
        <source>Add site login</source>
        <translation>Tilføj site-login</translation>
    </message>
    <message numerus="yes">
        <source>%Ln domain(s)</source>
        <translation>
            <numerusform>%Ln domæne</numerusform>
            <numerusform>%Ln domæner</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a domain on the left.</source>
        <translation>Vælg et domæne til venstre.</translation>
    </message>
    <message>
        <source>{name} (edition {edition})</source>
        <translation>{name} (udgave {edition})</translation>
    </message>
    <message>
        <source>Alias set {set}, to be confirmed again by {expires}.</source>
        <translation>Alias sat {set}, skal bekræftes igen senest {expires}.</translation>
    </message>
    <message>
        <source>Aliases of this domain: {aliases}</source>
        <translation>Aliasser for dette domæne: {aliases}</translation>
    </message>
    <message>
        <source>(the domain&apos;s default)</source>
        <translation>(domænets standard)</translation>
    </message>
    <message>
        <source>(new seed list)</source>
        <translation>(ny seedliste)</translation>
    </message>
    <message>
        <source>Domain list to ingest</source>
        <translation>Domæneliste, der skal indlæses</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>Tekstfiler (*.txt);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Ingesting {file}…</source>
        <translation>Indlæser {file}…</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The service could not do this.</source>
        <translation>Tjenesten kunne ikke gøre dette.</translation>
    </message>
    <message>
        <source>The input is not valid.</source>
        <translation>Inddata er ikke gyldige.</translation>
    </message>
    <message>
        <source>The configuration is not valid: {key}.</source>
        <translation>Konfigurationen er ikke gyldig: {key}.</translation>
    </message>
    <message>
        <source>This name is not allowed: it must not contain &apos;/&apos;, &apos;..&apos; or control characters.</source>
        <translation>Dette navn er ikke tilladt: det må ikke indeholde &apos;/&apos;, &apos;..&apos; eller kontroltegn.</translation>
    </message>
    <message>
        <source>This is not a domain name that can be registered (for example kb.dk, not co.uk).</source>
        <translation>Dette er ikke et domænenavn, der kan registreres (f.eks. kb.dk, ikke co.uk).</translation>
    </message>
    <message>
        <source>This URL is not valid or not allowed here.</source>
        <translation>Denne URL er ikke gyldig eller ikke tilladt her.</translation>
    </message>
    <message>
        <source>This regular expression is not valid (problem at position {position}).</source>
        <translation>Dette regulære udtryk er ikke gyldigt (fejl ved position {position}).</translation>
    </message>
    <message>
        <source>The crawl profile is not valid.</source>
        <translation>Høstprofilen er ikke gyldig.</translation>
    </message>
    <message>
        <source>The schedule is not valid ({field}: {reason}).</source>
        <translation>Tidsplanen er ikke gyldig ({field}: {reason}).</translation>
    </message>
    <message>
        <source>The WARC file cannot be read.</source>
        <translation>WARC-filen kan ikke læses.</translation>
    </message>
    <message>
        <source>The WACZ package cannot be read or is damaged.</source>
        <translation>WACZ-pakken kan ikke læses eller er beskadiget.</translation>
    </message>
    <message>
        <source>It does not exist (any more).</source>
        <translation>Det findes ikke (længere).</translation>
    </message>
    <message>
        <source>There is no such domain.</source>
        <translation>Domænet findes ikke.</translation>
    </message>
    <message>
        <source>There is no such job.</source>
        <translation>Jobbet findes ikke.</translation>
    </message>
    <message>
        <source>There is no such file in the archive.</source>
        <translation>Filen findes ikke i arkivet.</translation>
    </message>
    <message>
        <source>This clashes with the current state.</source>
        <translation>Dette strider mod den nuværende tilstand.</translation>
    </message>
    <message>
        <source>One with this name already exists.</source>
        <translation>Der findes allerede en med dette navn.</translation>
    </message>
    <message>
        <source>Someone else saved this in the meantime. Reload it and make your change again.</source>
        <translation>En anden har gemt dette i mellemtiden. Genindlæs det, og foretag din ændring igen.</translation>
    </message>
    <message>
        <source>This change of state is not allowed (from {from} to {to}).</source>
        <translation>Dette tilstandsskift er ikke tilladt (fra {from} til {to}).</translation>
    </message>
    <message>
        <source>The job was cancelled by a curator.</source>
        <translation>Jobbet blev annulleret af en kurator.</translation>
    </message>
    <message>
        <source>You are not allowed to do this.</source>
        <translation>Du har ikke lov til at gøre dette.</translation>
    </message>
    <message>
        <source>The permission was refused: the token is forged, expired, already used, or not for this action.</source>
        <translation>Adgangsbeviset blev afvist: det er forfalsket, udløbet, allerede brugt eller gælder ikke denne handling.</translation>
    </message>
    <message>
        <source>The content does not match its checksum.</source>
        <translation>Indholdet passer ikke med sin kontrolsum.</translation>
    </message>
    <message>
        <source>A needed service or resource does not answer. Try again later.</source>
        <translation>En nødvendig tjeneste eller ressource svarer ikke. Prøv igen senere.</translation>
    </message>
    <message>
        <source>A replica of the archive does not answer. Try again later.</source>
        <translation>En replika af arkivet svarer ikke. Prøv igen senere.</translation>
    </message>
    <message>
        <source>A service took too long to answer. Try again later.</source>
        <translation>En tjeneste var for længe om at svare. Prøv igen senere.</translation>
    </message>
    <message>
        <source>The archive has no room for more files.</source>
        <translation>Der er ikke plads til flere filer i arkivet.</translation>
    </message>
    <message>
        <source>The file could not be stored in the archive.</source>
        <translation>Filen kunne ikke gemmes i arkivet.</translation>
    </message>
    <message>
        <source>There is no such batch job.</source>
        <translation>Batchjobbet findes ikke.</translation>
    </message>
    <message>
        <source>None of these jobs has data an index can be made from.</source>
        <translation>Ingen af disse job har data, som et indeks kan laves af.</translation>
    </message>
    <message>
        <source>The index is not ready yet. Try again in a moment.</source>
        <translation>Indekset er ikke klar endnu. Prøv igen om lidt.</translation>
    </message>
    <message>
        <source>There is no such QA run.</source>
        <translation>Der er ingen sådan QA-kørsel.</translation>
    </message>
    <message>
        <source>QA has not checked this page of the job.</source>
        <translation>QA har ikke kontrolleret denne side af jobbet.</translation>
    </message>
    <message>
        <source>QA reads a job from the archive: the job must have finished first.</source>
        <translation>QA læser et job fra arkivet: jobbet skal være afsluttet først.</translation>
    </message>
    <message>
        <source>QA found nothing missing in this job: there is nothing to patch.</source>
        <translation>QA fandt intet manglende i dette job: der er intet at lappe.</translation>
    </message>
    <message>
        <source>The installation description is not valid: see the problems listed.</source>
        <translation>Installationsbeskrivelsen er ikke gyldig: se de viste problemer.</translation>
    </message>
    <message>
        <source>That notification does not exist (any more).</source>
        <translation>Den meddelelse findes ikke (længere).</translation>
    </message>
    <message>
        <source>The copy&apos;s checksum is not the one you named as bad.</source>
        <translation>Kopiens checksum er ikke den, du angav som forkert.</translation>
    </message>
    <message>
        <source>This copy equals the reference: there is nothing to repair.</source>
        <translation>Denne kopi svarer til referencen: der er intet at reparere.</translation>
    </message>
    <message>
        <source>No other replica has a good copy to repair from.</source>
        <translation>Ingen anden replika har en god kopi at reparere fra.</translation>
    </message>
    <message>
        <source>This browsing session no longer exists. Open the job again.</source>
        <translation>Denne browsersession findes ikke længere. Åbn jobbet igen.</translation>
    </message>
    <message>
        <source>This browsing session was stopped. Open the job again.</source>
        <translation>Denne browsersession er stoppet. Åbn jobbet igen.</translation>
    </message>
    <message>
        <source>The services cannot be reached. Check the connection settings.</source>
        <translation>Tjenesterne kan ikke nås. Kontrollér forbindelsesindstillingerne.</translation>
    </message>
    <message>
        <source>The service is not running.</source>
        <translation>Tjenesten kører ikke.</translation>
    </message>
    <message>
        <source>The service did not answer in time.</source>
        <translation>Tjenesten svarede ikke i tide.</translation>
    </message>
    <message>
        <source>Something unexpected went wrong on the server.</source>
        <translation>Der gik noget uventet galt på serveren.</translation>
    </message>
    <message>
        <source>Something went wrong (error code: {code}).</source>
        <translation>Noget gik galt (fejlkode: {code}).</translation>
    </message>
    <message>
        <source>domain</source>
        <translation>domæne</translation>
    </message>
    <message>
        <source>crawl profile</source>
        <translation>høstprofil</translation>
    </message>
    <message>
        <source>harvest definition</source>
        <translation>høstdefinition</translation>
    </message>
    <message>
        <source>harvest channel</source>
        <translation>høstkanal</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>tidsplan</translation>
    </message>
    <message>
        <source>crawler trap list</source>
        <translation>liste over crawlerfælder</translation>
    </message>
    <message>
        <source>seed list</source>
        <translation>frøliste</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>konfiguration</translation>
    </message>
    <message>
        <source>ingest run</source>
        <translation>indlæsningskørsel</translation>
    </message>
    <message>
        <source>The seed {url} is outside the domain {domain}.</source>
        <translation>Frøet {url} ligger uden for domænet {domain}.</translation>
    </message>
    <message>
        <source>Only http and https URLs can be seeds: {url}</source>
        <translation>Kun http- og https-URL&apos;er kan være frø: {url}</translation>
    </message>
    <message>
        <source>This URL has no host name: {url}</source>
        <translation>Denne URL har intet værtsnavn: {url}</translation>
    </message>
    <message>
        <source>This is not a valid URL: {url}</source>
        <translation>Dette er ikke en gyldig URL: {url}</translation>
    </message>
    <message>
        <source>There is no domain {name}.</source>
        <translation>Domænet {name} findes ikke.</translation>
    </message>
    <message>
        <source>Not found: {object} &apos;{name}&apos;.</source>
        <translation>Findes ikke: {object} &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>Already exists: {object} &apos;{name}&apos;.</source>
        <translation>Findes allerede: {object} &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>Details: {message}</source>
        <translation>Detaljer: {message}</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message numerus="yes">
        <source>%Ln second(s) ago</source>
        <translation>
            <numerusform>for %Ln sekund siden</numerusform>
            <numerusform>for %Ln sekunder siden</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>for %Ln minut siden</numerusform>
            <numerusform>for %Ln minutter siden</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HarvestsController</name>
    <message>
        <source>Line {line}: give a domain, and a configuration if not the default.</source>
        <translation>Linje {line}: angiv et domæne og en konfiguration, hvis det ikke er standarden.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Angiv mindst ét domæne.</translation>
    </message>
    <message>
        <source>Nothing to save: {name} is as shown.</source>
        <translation>Intet at gemme: {name} er som vist.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} er gemt.</translation>
    </message>
    <message>
        <source>Not harvested: another scheduler is making its jobs right now.</source>
        <translation>Ikke høstet: en anden planlægger laver dens job lige nu.</translation>
    </message>
    <message>
        <source>Run {run} failed: {reason}</source>
        <translation>Kørsel {run} mislykkedes: {reason}</translation>
    </message>
    <message>
        <source>Run {run} of {name} is being made; its jobs appear on the jobs screen.</source>
        <translation>Kørsel {run} af {name} laves nu; dens job vises på skærmen Job.</translation>
    </message>
    <message>
        <source>Job {id}: cancelling; the harvester stops at its next report.</source>
        <translation>Job {id}: annulleres; høsteren stopper ved sin næste rapport.</translation>
    </message>
    <message>
        <source>Job {id} cancelled.</source>
        <translation>Job {id} er annulleret.</translation>
    </message>
</context>
<context>
    <name>HarvestsScreen</name>
    <message>
        <source>Name</source>
        <translation>Navn</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Tidsplan</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Kørsler</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Næste kørsel</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Konfigurationer</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>{name}, run {run}</source>
        <translation>{name}, kørsel {run}</translation>
    </message>
    <message>
        <source>Choose a harvest definition in the list to see and change it.</source>
        <translation>Vælg en høstdefinition på listen for at se og ændre den.</translation>
    </message>
    <message>
        <source>{name} ({kind}), {runs}</source>
        <translation>{name} ({kind}), {runs}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln kørsel</numerusform>
            <numerusform>%Ln kørsler</numerusform>
        </translation>
    </message>
    <message>
        <source>Harvest definitions</source>
        <translation>Høstdefinitioner</translation>
    </message>
    <message>
        <source>What to harvest when: selective, event and snapshot harvests.</source>
        <translation>Hvad der høstes hvornår: selektive, begivenheds- og snapshot-høstninger.</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Alle typer</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>Selektiv</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Begivenhed</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>Snapshot</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Aktivér</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Deaktivér</translation>
    </message>
    <message>
        <source>New selective harvest</source>
        <translation>Ny selektiv høstning</translation>
    </message>
    <message>
        <source>Chosen harvest</source>
        <translation>Valgt høst</translation>
    </message>
    <message>
        <source>New event harvest</source>
        <translation>Ny begivenhedshøstning</translation>
    </message>
    <message>
        <source>New snapshot harvest</source>
        <translation>Ny snapshot-høstning</translation>
    </message>
    <message>
        <source>Max bytes per domain:</source>
        <translation>Maks. bytes pr. domæne:</translation>
    </message>
    <message>
        <source>Max objects per domain:</source>
        <translation>Maks. objekter pr. domæne:</translation>
    </message>
    <message>
        <source>Max job running time in seconds:</source>
        <translation>Maks. køretid for et job i sekunder:</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>ingen grænse</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Gem ændringer</translation>
    </message>
    <message>
        <source>Harvest now</source>
        <translation>Høst nu</translation>
    </message>
    <message>
        <source>run </source>
        <translation>kørsel </translation>
    </message>
    <message>
        <source>Browse this run</source>
        <translation>Gennemse denne kørsel</translation>
    </message>
    <message>
        <source>Opens the archive browser on the ended jobs of the chosen run</source>
        <translation>Åbner arkivbrowseren med de afsluttede job i den valgte kørsel</translation>
    </message>
    <message>
        <source>One run now, besides the schedule; its jobs appear on the jobs screen.</source>
        <translation>Én kørsel nu, ud over tidsplanen; dens job vises på skærmen Job.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Navn:</translation>
    </message>
    <message>
        <source>Harvest channel:</source>
        <translation>Høstkanal:</translation>
    </message>
    <message>
        <source>Schedule:</source>
        <translation>Tidsplan:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentarer:</translation>
    </message>
    <message>
        <source>Max bytes per domain (-1: no limit):</source>
        <translation>Maks. bytes pr. domæne (-1: ingen grænse):</translation>
    </message>
    <message>
        <source>Max objects per domain (-1: no limit):</source>
        <translation>Maks. objekter pr. domæne (-1: ingen grænse):</translation>
    </message>
    <message>
        <source>Domains (one a line; &apos;domain configuration&apos; for another than the default):</source>
        <translation>Domæner (ét pr. linje; &apos;domæne konfiguration&apos; for en anden end standarden):</translation>
    </message>
    <message>
        <source>URLs (one a line):</source>
        <translation>URL&apos;er (én pr. linje):</translation>
    </message>
    <message>
        <source>Max job running time in seconds (0: no limit):</source>
        <translation>Maks. køretid for et job i sekunder (0: ingen grænse):</translation>
    </message>
    <message>
        <source>Based on an earlier snapshot:</source>
        <translation>Baseret på et tidligere snapshot:</translation>
    </message>
    <message>
        <source>Create selective harvest</source>
        <translation>Opret selektiv høstning</translation>
    </message>
    <message>
        <source>Create event harvest</source>
        <translation>Opret begivenhedshøstning</translation>
    </message>
    <message>
        <source>Create snapshot harvest</source>
        <translation>Opret snapshot-høstning</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(ingen)</translation>
    </message>
    <message>
        <source>(default channel)</source>
        <translation>(standardkanal)</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} er gemt.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Angiv mindst ét domæne.</translation>
    </message>
    <message>
        <source>Choose a schedule.</source>
        <translation>Vælg en tidsplan.</translation>
    </message>
    <message>
        <source>Domains in this list (created if unknown): {domains}</source>
        <translation>Domæner i denne liste (oprettes, hvis de er ukendte): {domains}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) not a URL under a domain.</source>
        <translation>
            <numerusform>%Ln linje er ikke en URL under et domæne.</numerusform>
            <numerusform>%Ln linjer er ikke URL&apos;er under et domæne.</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste at least one URL.</source>
        <translation>Indsæt mindst én URL.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>linje {line}: {text}</translation>
    </message>
</context>
<context>
    <name>Inputs</name>
    <message>
        <source>Give a whole number.</source>
        <translation>Angiv et helt tal.</translation>
    </message>
    <message>
        <source>Give a number of at least {minimum}.</source>
        <translation>Angiv et tal på mindst {minimum}.</translation>
    </message>
    <message>
        <source>Give a whole number of at least 0, or -1 (or nothing) for no limit.</source>
        <translation>Angiv et helt tal på mindst 0, eller -1 (eller intet) for ingen grænse.</translation>
    </message>
    <message>
        <source>Give a whole number of seconds, 0 (or nothing) for no limit.</source>
        <translation>Angiv et helt antal sekunder, 0 (eller intet) for ingen grænse.</translation>
    </message>
    <message>
        <source>This cannot be empty.</source>
        <translation>Dette felt må ikke være tomt.</translation>
    </message>
</context>
<context>
    <name>JobDetails</name>
    <message>
        <source>created</source>
        <translation>oprettet</translation>
    </message>
    <message>
        <source>submitted to its channel</source>
        <translation>sendt til sin kanal</translation>
    </message>
    <message>
        <source>claimed by harvester {detail}</source>
        <translation>hentet af høster {detail}</translation>
    </message>
    <message>
        <source>crawl started</source>
        <translation>høstning startet</translation>
    </message>
    <message>
        <source>reported by the harvester</source>
        <translation>rapporteret af høsteren</translation>
    </message>
    <message>
        <source>ended: {detail}</source>
        <translation>afsluttet: {detail}</translation>
    </message>
    <message>
        <source>resubmitted as job {detail}</source>
        <translation>genindsendt som job {detail}</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Tidspunkt</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Størrelse</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>MIME type</source>
        <translation>MIME-type</translation>
    </message>
    <message>
        <source>Referrer</source>
        <translation>Henviser</translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>Annoteringer</translation>
    </message>
    <message>
        <source>The archive holds no metadata file of this job ({file}) yet.</source>
        <translation>Arkivet har endnu ingen metadatafil for dette job ({file}).</translation>
    </message>
    <message>
        <source>The job&apos;s files cannot be listed: {reason}</source>
        <translation>Jobbets filer kan ikke vises: {reason}</translation>
    </message>
    <message>
        <source>The metadata file arrived damaged (its checksum differs).</source>
        <translation>Metadatafilen kom beskadiget frem (kontrolsummen afviger).</translation>
    </message>
    <message>
        <source>The metadata file cannot be read.</source>
        <translation>Metadatafilen kan ikke læses.</translation>
    </message>
    <message>
        <source>The metadata file is too large to show.</source>
        <translation>Metadatafilen er for stor til at blive vist.</translation>
    </message>
    <message>
        <source>The archive did not hand out the metadata file.</source>
        <translation>Arkivet udleverede ikke metadatafilen.</translation>
    </message>
    <message>
        <source>Not a status filter: {text} (use e.g. 200, 4xx, -2 or &lt;0).</source>
        <translation>Ikke et statusfilter: {text} (brug fx 200, 4xx, -2 eller &lt;0).</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Genindsendt som job {id}</translation>
    </message>
    <message>
        <source>No QA service answers here.</source>
        <translation>Ingen QA-tjeneste svarer her.</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>ingen grænse</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domæne</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objekter</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Stopårsag</translation>
    </message>
    <message>
        <source>Deduplicated</source>
        <translation>Deduplikeret</translation>
    </message>
    <message>
        <source>Space saved</source>
        <translation>Plads sparet</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Maks. objekter</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Maks. bytes</translation>
    </message>
</context>
<context>
    <name>JobDetailsScreen</name>
    <message>
        <source>Job details</source>
        <extracomment>set by the frame when an archive browser is there to open (else the button is hidden)</extracomment>
        <translation>Jobdetaljer</translation>
    </message>
    <message>
        <source>What one job did: its history, domains, crawl log, reports and files.</source>
        <translation>Hvad et job gjorde: historik, domæner, crawl-log, rapporter og filer.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Åbn</translation>
    </message>
    <message>
        <source>Resubmit</source>
        <translation>Genindsend</translation>
    </message>
    <message>
        <source>Only a failed or cancelled job can be resubmitted.</source>
        <translation>Kun et fejlet eller annulleret job kan genindsendes.</translation>
    </message>
    <message>
        <source>Browse this job</source>
        <translation>Gennemse dette job</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Eksportér WACZ…</translation>
    </message>
    <message>
        <source>This job&apos;s files, index and pages as one WACZ file (ReplayWeb.page and pywb open it).</source>
        <translation>Jobbets filer, indeks og sider som én WACZ-fil (ReplayWeb.page og pywb kan åbne den).</translation>
    </message>
    <message>
        <source>Status history:</source>
        <translation>Statushistorik:</translation>
    </message>
    <message>
        <source>QA review…</source>
        <translation>QA-gennemgang…</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Oversigt</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domæner</translation>
    </message>
    <message>
        <source>Crawl log</source>
        <translation>Crawl-log</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>Rapporter</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Filer</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>MIME type:</source>
        <translation>MIME-type:</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>e.g. 200, 4xx, &lt;0</source>
        <translation>fx 200, 4xx, &lt;0</translation>
    </message>
    <message>
        <source>e.g. image</source>
        <translation>fx image</translation>
    </message>
    <message>
        <source>e.g. */news/* or a part of the URL</source>
        <translation>fx */news/* eller en del af URL&apos;en</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filtrér</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Forrige</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Næste ▶</translation>
    </message>
    <message>
        <source>Choose a job on the Jobs screen, or type its number.</source>
        <translation>Vælg et job på skærmen Job, eller skriv dets nummer.</translation>
    </message>
    <message>
        <source>Reading the job&apos;s crawl log and reports from the archive…</source>
        <translation>Læser jobbets crawl-log og rapporter fra arkivet…</translation>
    </message>
    <message>
        <source>Job {id}</source>
        <translation>Job {id}</translation>
    </message>
    <message>
        <source>Job {id}, with its metadata and the originals of its revisits.</source>
        <translation>Job {id} med dets metadata og originalerne til dets gensyn.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Job {id}: {status}</translation>
    </message>
    <message>
        <source>Outcome: {outcome}</source>
        <translation>Resultat: {outcome}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Høstning: {harvest}, kørsel {run}, kanal {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Høstprofil: {profile}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Høstet: %Ln objekt, {bytes}</numerusform>
            <numerusform>Høstet: %Ln objekter, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deduplication: %Ln object(s) not stored again, {bytes} saved</source>
        <translation>
            <numerusform>Deduplikering: %Ln objekt ikke gemt igen, {bytes} sparet</numerusform>
            <numerusform>Deduplikering: %Ln objekter ikke gemt igen, {bytes} sparet</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln frø:</numerusform>
            <numerusform>%Ln frø:</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Stopårsager: {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Fejl</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Høstfejl</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Upload-fejl</translation>
    </message>
    <message>
        <source>QA: not checked yet.</source>
        <translation>QA: ikke kontrolleret endnu.</translation>
    </message>
    <message>
        <source>QA: {summary}</source>
        <translation>QA: {summary}</translation>
    </message>
    <message>
        <source>Worst pages: {pages}</source>
        <translation>Dårligste sider: {pages}</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fil</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Størrelse</translation>
    </message>
    <message>
        <source>Checksum (MD5)</source>
        <translation>Kontrolsum (MD5)</translation>
    </message>
    <message>
        <source>In {replica}</source>
        <translation>I {replica}</translation>
    </message>
    <message>
        <source>From {file}: {lines} crawl log lines, {reports} reports and logs.</source>
        <translation>Fra {file}: {lines} linjer i crawl-loggen, {reports} rapporter og logge.</translation>
    </message>
    <message>
        <source>Lines {first}–{last} of {total} matching (of {all} in the crawl log)</source>
        <translation>Linje {first}–{last} af {total} fundne (af {all} i crawl-loggen)</translation>
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
        <translation>Gengivet</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Side</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Stikprøve</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Art</translation>
    </message>
    <message>
        <source>QA score</source>
        <translation>QA-score</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Captured</source>
        <translation>Høstet</translation>
    </message>
    <message>
        <source>not captured</source>
        <translation>ikke høstet</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) starting with {prefix}</source>
        <translation>
            <numerusform>%Ln side der begynder med {prefix}</numerusform>
            <numerusform>%Ln sider der begynder med {prefix}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s): seeds first</source>
        <translation>
            <numerusform>%Ln side: seeds først</numerusform>
            <numerusform>%Ln sider: seeds først</numerusform>
        </translation>
    </message>
    <message>
        <source>The page list of job {job} is being made from its index…</source>
        <translation>Sidelisten for job {job} laves ud fra dets indeks …</translation>
    </message>
    <message>
        <source>Type the start of a URL: a host name, then a path if you like (example.dk/news/).</source>
        <translation>Skriv begyndelsen af en URL: et værtsnavn, og eventuelt en sti (example.dk/news/).</translation>
    </message>
    <message>
        <source>The page list cannot be shown: {reason}</source>
        <translation>Sidelisten kan ikke vises: {reason}</translation>
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
        <translation>Høstning</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Kørsel</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Kanal</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Konfigurationer</translation>
    </message>
    <message>
        <source>Expected objects</source>
        <translation>Forventede objekter</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Oprettet</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Startet</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Afsluttet</translation>
    </message>
    <message>
        <source>Harvester</source>
        <translation>Høster</translation>
    </message>
    <message>
        <source>URIs done</source>
        <translation>URI&apos;er færdige</translation>
    </message>
    <message>
        <source>URIs queued</source>
        <translation>URI&apos;er i kø</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>URIs/s</source>
        <translation>URI&apos;er/s</translation>
    </message>
    <message>
        <source>Crawler says</source>
        <translation>Crawleren siger</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Opdateret</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domæne</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Konfiguration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objekter</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Stopårsag</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Every harvest job: running, done, failed; resubmit a failed one.</source>
        <translation>Alle høstjob: kørende, færdige, fejlede; genindsend et fejlet.</translation>
    </message>
    <message>
        <source>Running jobs:</source>
        <translation>Kørende job:</translation>
    </message>
    <message>
        <source>any status</source>
        <translation>enhver status</translation>
    </message>
    <message>
        <source>Job id from</source>
        <translation>Job-id fra</translation>
    </message>
    <message>
        <source>Job id to</source>
        <translation>Job-id til</translation>
    </message>
    <message>
        <source>Created to</source>
        <translation>Oprettet til</translation>
    </message>
    <message>
        <source>Created from</source>
        <translation>Oprettet fra</translation>
    </message>
    <message>
        <source>Apply filters</source>
        <translation>Anvend filtre</translation>
    </message>
    <message>
        <source>Resubmit failed job</source>
        <translation>Genindsend fejlet job</translation>
    </message>
    <message>
        <source>Cancel job…</source>
        <translation>Annullér job…</translation>
    </message>
    <message>
        <source>A queued job ends at once; a running one stops its crawl and keeps what it harvested.</source>
        <translation>Et job i kø afsluttes straks; et kørende job stopper sin crawl og beholder det, der er høstet.</translation>
    </message>
    <message>
        <source>Crawl log, reports and files…</source>
        <translation>Crawl-log, rapporter og filer…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln job</numerusform>
        </translation>
    </message>
    <message>
        <source>Job id: {problem}</source>
        <translation>Job-id: {problem}</translation>
    </message>
    <message>
        <source>The first job id is larger than the last.</source>
        <translation>Det første job-id er større end det sidste.</translation>
    </message>
    <message>
        <source>The first date is after the last.</source>
        <translation>Den første dato ligger efter den sidste.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Job {id}: {status}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Høstning: {harvest}, kørsel {run}, kanal {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Høstprofil: {profile}</translation>
    </message>
    <message>
        <source>Created {created}, started {started}, ended {ended}</source>
        <translation>Oprettet {created}, startet {started}, afsluttet {ended}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Høstet: %Ln objekt, {bytes}</numerusform>
            <numerusform>Høstet: %Ln objekter, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln frø:</numerusform>
            <numerusform>%Ln frø:</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Stopårsager: {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Fejl</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Høstfejl</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Upload-fejl</translation>
    </message>
    <message>
        <source>Cancelling: asked {time}; the harvester stops at its next report.</source>
        <translation>Annulleres: bedt om {time}; høsteren stopper ved sin næste rapport.</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Genindsendt som job {id}</translation>
    </message>
    <message>
        <source>Cancel job {id}</source>
        <translation>Annullér job {id}</translation>
    </message>
    <message>
        <source>Why (kept with the job; may be empty):</source>
        <translation>Hvorfor (gemmes med jobbet; kan være tom):</translation>
    </message>
</context>
<context>
    <name>LoginDialog</name>
    <message>
        <source>This cannot be empty.</source>
        <translation>Dette felt må ikke være tomt.</translation>
    </message>
    <message>
        <source>Give the broker as amqp://host:port (or amqps://host:port).</source>
        <translation>Angiv brokeren som amqp://vært:port (eller amqps://vært:port).</translation>
    </message>
    <message>
        <source>Give the viewerproxy as http://host:port.</source>
        <translation>Angiv viewerproxy som http://vært:port.</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Logger ind…</translation>
    </message>
    <message>
        <source>Sign in to NetarchiveSuite</source>
        <translation>Log ind i NetarchiveSuite</translation>
    </message>
    <message>
        <source>User name:</source>
        <translation>Brugernavn:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Adgangskode:</translation>
    </message>
    <message>
        <source>Remember me on this computer</source>
        <translation>Husk mig på denne computer</translation>
    </message>
    <message>
        <source>Keeps the user name and password in a file only you can read, where the nas command keeps them too (nas login). Sign out forgets them.</source>
        <translation>Gemmer brugernavn og adgangskode i en fil, som kun du kan læse, samme sted som kommandoen nas gemmer dem (nas login). Log ud glemmer dem.</translation>
    </message>
    <message>
        <source>Server settings</source>
        <translation>Serverindstillinger</translation>
    </message>
    <message>
        <source>Broker (RabbitMQ):</source>
        <translation>Broker (RabbitMQ):</translation>
    </message>
    <message>
        <source>Virtual host (environment):</source>
        <translation>Virtuel vært (miljø):</translation>
    </message>
    <message>
        <source>Viewerproxy address:</source>
        <translation>Viewerproxy-adresse:</translation>
    </message>
    <message>
        <source>as the viewerproxy service says</source>
        <translation>som viewerproxy-tjenesten oplyser</translation>
    </message>
    <message>
        <source>Empty: the desktop asks the viewerproxy service where it listens. Give http://host:port only where this computer reaches the proxy at another address.</source>
        <translation>Tom: skrivebordsprogrammet spørger viewerproxy-tjenesten, hvor den lytter. Angiv kun http://vært:port, hvor denne computer når proxyen på en anden adresse.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Log ind</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Curate: start here</source>
        <translation>Kuratér: start her</translation>
    </message>
    <message>
        <source>Operate</source>
        <translation>Drift</translation>
    </message>
    <message>
        <source>Quality assurance</source>
        <translation>Kvalitetssikring</translation>
    </message>
    <message>
        <source>NetarchiveSuite</source>
        <translation>NetarchiveSuite</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Filer</translation>
    </message>
    <message>
        <source>&amp;Connection settings…</source>
        <translation>&amp;Forbindelsesindstillinger…</translation>
    </message>
    <message>
        <source>&amp;Sign out / switch user…</source>
        <translation>&amp;Log ud / skift bruger…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Afslut</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Vis</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Opdatér</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Sprog</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Hjælp</translation>
    </message>
    <message>
        <source>&amp;About NetarchiveSuite</source>
        <translation>&amp;Om NetarchiveSuite</translation>
    </message>
    <message>
        <source>Waiting for the services…</source>
        <translation>Venter på tjenesterne…</translation>
    </message>
    <message>
        <source>Signed in as {who} ({roles}): {where}</source>
        <translation>Logget ind som {who} ({roles}): {where}</translation>
    </message>
    <message>
        <source>Signed in as {who}: {where}</source>
        <translation>Logget ind som {who}: {where}</translation>
    </message>
    <message>
        <source>Connecting: {where}</source>
        <translation>Forbinder: {where}</translation>
    </message>
    <message>
        <source>Not connected: {where}</source>
        <translation>Ikke forbundet: {where}</translation>
    </message>
    <message>
        <source>About NetarchiveSuite</source>
        <translation>Om NetarchiveSuite</translation>
    </message>
    <message>
        <source>NetarchiveSuite desktop client, version {version}.
A web-archiving suite for national libraries.</source>
        <translation>NetarchiveSuite-skrivebordsklient, version {version}.
En webarkiveringspakke til nationalbiblioteker.</translation>
    </message>
</context>
<context>
    <name>Notifications</name>
    <message>
        <source>information</source>
        <translation>information</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>advarsel</translation>
    </message>
    <message>
        <source>error</source>
        <translation>fejl</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisk</translation>
    </message>
    <message>
        <source>open</source>
        <translation>åben</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>kvitteret</translation>
    </message>
    <message>
        <source>resolved</source>
        <translation>løst</translation>
    </message>
    <message>
        <source>No notifier service answers: notifications cannot be shown.</source>
        <translation>Ingen notifikationstjeneste svarer: notifikationer kan ikke vises.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) resolved.</source>
        <translation>Notifikation {id} ({code}) er løst.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) acknowledged.</source>
        <translation>Notifikation {id} ({code}) er kvitteret.</translation>
    </message>
</context>
<context>
    <name>NotificationsPanel</name>
    <message>
        <source>Severity</source>
        <translation>Alvor</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Hændelse</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instans</translation>
    </message>
    <message>
        <source>Concerns</source>
        <translation>Vedrører</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meddelelse</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>Antal</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Senest set</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Tilstand</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>Kvitteret af</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>Kvittér</translation>
    </message>
    <message>
        <source>I have seen it: mark the selected notifications acknowledged (repeats are still counted on them).</source>
        <translation>Jeg har set den: markér de valgte notifikationer som kvitteret (gentagelser tælles stadig på dem).</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>Løs</translation>
    </message>
    <message>
        <source>The cause is gone: the next occurrence notifies anew.</source>
        <translation>Årsagen er væk: næste forekomst giver en ny notifikation.</translation>
    </message>
    <message numerus="yes">
        <source>Notifications: %Ln open</source>
        <translation>
            <numerusform>Notifikationer: %Ln åben</numerusform>
            <numerusform>Notifikationer: %Ln åbne</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln acknowledged.</source>
        <translation>
            <numerusform>%Ln kvitteret.</numerusform>
            <numerusform>%Ln kvitteret.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverviewScreen</name>
    <message>
        <source>Instance</source>
        <translation>Instans</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Tjeneste</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Vært</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Tilstand</translation>
    </message>
    <message>
        <source>Last heartbeat</source>
        <translation>Seneste hjerteslag</translation>
    </message>
    <message>
        <source>Last heard</source>
        <translation>Sidst hørt</translation>
    </message>
    <message>
        <source>Recent warnings</source>
        <translation>Nylige advarsler</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Årsag</translation>
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
        <translation>Tidspunkt</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Meddelelse</translation>
    </message>
    <message>
        <source>System overview</source>
        <translation>Systemoversigt</translation>
    </message>
    <message>
        <source>Every service instance and its warnings.</source>
        <translation>Alle tjenesteinstanser og deres advarsler.</translation>
    </message>
    <message>
        <source>Recent warnings and errors (of the selected instance, or of all):</source>
        <translation>Nylige advarsler og fejl (for den valgte instans eller for alle):</translation>
    </message>
    <message numerus="yes">
        <source>%Ln service instance(s)</source>
        <translation>
            <numerusform>%Ln tjenesteinstans</numerusform>
            <numerusform>%Ln tjenesteinstanser</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln lost.</source>
        <translation>
            <numerusform>%Ln mistet.</numerusform>
            <numerusform>%Ln mistet.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfilesController</name>
    <message>
        <source>Paste or load a profile document.</source>
        <translation>Indsæt eller indlæs et profildokument.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} er gemt.</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}</source>
        <translation>Kunne ikke skrive {path}: {reason}</translation>
    </message>
</context>
<context>
    <name>ProfilesScreen</name>
    <message>
        <source>Name</source>
        <translation>Navn</translation>
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
        <translation>Udgave</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Ændret</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Kommentarer</translation>
    </message>
    <message>
        <source>Crawl profiles</source>
        <translation>Høstprofiler</translation>
    </message>
    <message>
        <source>How to crawl: the crawl profiles harvests use.</source>
        <translation>Hvordan der høstes: høstprofilerne, som høstninger bruger.</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Aktivér</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Deaktivér</translation>
    </message>
    <message>
        <source>Download…</source>
        <translation>Hent…</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Navn:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentarer:</translation>
    </message>
    <message>
        <source>Profile document (YAML or TOML):</source>
        <translation>Profildokument (YAML eller TOML):</translation>
    </message>
    <message>
        <source>Load from file…</source>
        <translation>Indlæs fra fil…</translation>
    </message>
    <message>
        <source>Upload</source>
        <translation>Upload</translation>
    </message>
    <message>
        <source>the seeds</source>
        <translation>seeds</translation>
    </message>
    <message>
        <source>pages within {hops} link hops of a seed</source>
        <translation>sider højst {hops} link-hop fra et seed</translation>
    </message>
    <message>
        <source>every HTML page</source>
        <translation>alle HTML-sider</translation>
    </message>
    <message>
        <source>pages matching {count} URL patterns</source>
        <translation>sider der passer til {count} URL-mønstre</translation>
    </message>
    <message>
        <source>Browser capture: off (no page is rendered).</source>
        <translation>Browserhøstning: slået fra (ingen side gengives).</translation>
    </message>
    <message>
        <source>{pages} and {more}</source>
        <translation>{pages} og {more}</translation>
    </message>
    <message>
        <source>tabs: {n}</source>
        <translation>faneblade: {n}</translation>
    </message>
    <message>
        <source>{seconds} s a page</source>
        <translation>{seconds} s pr. side</translation>
    </message>
    <message>
        <source>scrolls (at most {n} times)</source>
        <translation>ruller (højst {n} gange)</translation>
    </message>
    <message>
        <source>no scrolling</source>
        <translation>ruller ikke</translation>
    </message>
    <message>
        <source>clicks up to {n} buttons</source>
        <translation>klikker højst {n} knapper</translation>
    </message>
    <message>
        <source>screenshots</source>
        <translation>skærmbilleder</translation>
    </message>
    <message>
        <source>text</source>
        <translation>tekst</translation>
    </message>
    <message>
        <source>Browser capture: renders {pages}; {details}.</source>
        <translation>Browserhøstning: gengiver {pages}; {details}.</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Høstprofil</translation>
    </message>
    <message>
        <source>Profiles (*.yaml *.yml *.toml);;All files (*)</source>
        <translation>Profiler (*.yaml *.yml *.toml);;Alle filer (*)</translation>
    </message>
    <message>
        <source>Could not read {path}: {reason}</source>
        <translation>Kunne ikke læse {path}: {reason}</translation>
    </message>
    <message>
        <source>Save crawl profile</source>
        <translation>Gem høstprofil</translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>Annullér</translation>
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
        <translation>Acceptabel</translation>
    </message>
    <message>
        <source>Broken</source>
        <translation>Defekt</translation>
    </message>
    <message>
        <source>QA has not checked this job yet.</source>
        <translation>QA har ikke kontrolleret dette job endnu.</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>I kø</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Kører</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Færdig</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fejlet</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Annulleret</translation>
    </message>
    <message numerus="yes">
        <source>Run {run} ({kind}): {state}, %Ln of {total} page(s) checked</source>
        <translation>
            <numerusform>Kørsel {run} ({kind}): {state}, %Ln af {total} sider kontrolleret</numerusform>
            <numerusform>Kørsel {run} ({kind}): {state}, %Ln af {total} sider kontrolleret</numerusform>
        </translation>
    </message>
    <message>
        <source>re-check</source>
        <translation>genkontrol</translation>
    </message>
    <message>
        <source>full</source>
        <translation>fuld</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) checked</source>
        <translation>
            <numerusform>%Ln side kontrolleret</numerusform>
            <numerusform>%Ln sider kontrolleret</numerusform>
        </translation>
    </message>
    <message>
        <source>{share} complete</source>
        <translation>{share} fuldstændige</translation>
    </message>
    <message>
        <source>mean score {score}</source>
        <translation>gennemsnitlig score {score}</translation>
    </message>
    <message>
        <source>verdicts {verdicts}</source>
        <translation>vurderinger {verdicts}</translation>
    </message>
    <message>
        <source>Below the threshold of {threshold}.</source>
        <translation>Under tærsklen på {threshold}.</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Mangler</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Vurdering</translation>
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
        <translation>Angiv et jobnummer.</translation>
    </message>
    <message>
        <source>Verdict saved: {verdict} for {url}.</source>
        <translation>Vurdering gemt: {verdict} for {url}.</translation>
    </message>
    <message>
        <source>QA run {run} of job {job} is queued.</source>
        <translation>QA-kørsel {run} af job {job} står i kø.</translation>
    </message>
    <message numerus="yes">
        <source>Patch job {patch} harvests %Ln missing URL(s) of job {job}; its pages are checked again when it is done.</source>
        <translation>
            <numerusform>Lappejob {patch} høster %Ln manglende URL fra job {job}; siderne kontrolleres igen, når det er færdigt.</numerusform>
            <numerusform>Lappejob {patch} høster %Ln manglende URL&apos;er fra job {job}; siderne kontrolleres igen, når det er færdigt.</numerusform>
        </translation>
    </message>
    <message>
        <source>The running qa service cannot make patch jobs yet.</source>
        <translation>Den kørende QA-tjeneste kan endnu ikke lave lappejob.</translation>
    </message>
</context>
<context>
    <name>QaReviewScreen</name>
    <message>
        <source>QA review</source>
        <translation>QA-gennemgang</translation>
    </message>
    <message>
        <source>Review how complete a job&apos;s archived pages are, worst first, and patch what is missing.</source>
        <translation>Gennemgå hvor fuldstændige et jobs arkiverede sider er, de dårligste først, og lap det, der mangler.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>job number</source>
        <translation>jobnummer</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Vis</translation>
    </message>
    <message>
        <source>Run QA</source>
        <translation>Kør QA</translation>
    </message>
    <message>
        <source>Render every page of the job&apos;s page list from the archive and score it</source>
        <translation>Gengiv hver side i jobbets sideliste fra arkivet og giv den en score</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Annullér kørsel</translation>
    </message>
    <message>
        <source>Patch missing</source>
        <translation>Lap det manglende</translation>
    </message>
    <message>
        <source>Harvest the job&apos;s missing resources as a follow-up job of the same harvest, then check those pages again</source>
        <translation>Høst jobbets manglende ressourcer som et opfølgende job i samme høstning, og kontrollér så siderne igen</translation>
    </message>
    <message>
        <source>At crawl time</source>
        <translation>Ved høstningen</translation>
    </message>
    <message>
        <source>As replayed</source>
        <translation>Som genafspillet</translation>
    </message>
    <message>
        <source>Open in the archive browser</source>
        <translation>Åbn i arkivbrowseren</translation>
    </message>
    <message>
        <source>Reviewer&apos;s verdict</source>
        <translation>Bedømmerens vurdering</translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation>Note (valgfri)</translation>
    </message>
    <message>
        <source>Save verdict</source>
        <translation>Gem vurdering</translation>
    </message>
    <message>
        <source>Give a job number to review its pages as QA scored them.</source>
        <translation>Angiv et jobnummer for at gennemgå dets sider, som QA har scoret dem.</translation>
    </message>
    <message>
        <source>Choose a page in the list.</source>
        <translation>Vælg en side i listen.</translation>
    </message>
    <message>
        <source>Missing resources</source>
        <translation>Manglende ressourcer</translation>
    </message>
    <message>
        <source>Score {score}</source>
        <translation>Score {score}</translation>
    </message>
    <message>
        <source>looks {score} alike</source>
        <translation>ligner {score} visuelt</translation>
    </message>
    <message>
        <source>text {score} alike</source>
        <translation>teksten {score} ens</translation>
    </message>
    <message numerus="yes">
        <source>%Ln resource(s) requested</source>
        <translation>
            <numerusform>%Ln ressource forespurgt</numerusform>
            <numerusform>%Ln ressourcer forespurgt</numerusform>
        </translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>indlæst</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>tidsgrænse overskredet</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>brød sammen</translation>
    </message>
    <message>
        <source>captured {when}</source>
        <translation>høstet {when}</translation>
    </message>
    <message>
        <source>Errors: {errors}</source>
        <translation>Fejl: {errors}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing resource(s)</source>
        <translation>
            <numerusform>%Ln manglende ressource</numerusform>
            <numerusform>%Ln manglende ressourcer</numerusform>
        </translation>
    </message>
    <message>
        <source>{verdict} by {reviewer}, {when}</source>
        <translation>{verdict} af {reviewer}, {when}</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>henter …</translation>
    </message>
    <message>
        <source>no picture</source>
        <translation>intet billede</translation>
    </message>
    <message>
        <source>Choose OK, Acceptable or Broken.</source>
        <translation>Vælg OK, Acceptabel eller Defekt.</translation>
    </message>
</context>
<context>
    <name>RoleGate</name>
    <message>
        <source>no roles</source>
        <translation>ingen roller</translation>
    </message>
    <message>
        <source>Needs the {role} role. You are signed in as {who} ({held}).</source>
        <translation>Kræver rollen {role}. Du er logget ind som {who} ({held}).</translation>
    </message>
    <message>
        <source>Needs one of the roles {roles}. You are signed in as {who} ({held}).</source>
        <translation>Kræver en af rollerne {roles}. Du er logget ind som {who} ({held}).</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message numerus="yes">
        <source>every %n hour(s)</source>
        <translation>
            <numerusform>hver time</numerusform>
            <numerusform>hver %n. time</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n day(s)</source>
        <translation>
            <numerusform>hver dag</numerusform>
            <numerusform>hver %n. dag</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n week(s)</source>
        <translation>
            <numerusform>hver uge</numerusform>
            <numerusform>hver %n. uge</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n month(s)</source>
        <translation>
            <numerusform>hver måned</numerusform>
            <numerusform>hver %n. måned</numerusform>
        </translation>
    </message>
    <message>
        <source>on {weekday}</source>
        <translation>om {weekday}en</translation>
    </message>
    <message>
        <source>on day {day}</source>
        <translation>den {day}.</translation>
    </message>
    <message>
        <source>at {time}</source>
        <translation>kl. {time}</translation>
    </message>
    <message>
        <source>at minute {minute}</source>
        <translation>i minut {minute}</translation>
    </message>
    <message numerus="yes">
        <source>%n time(s)</source>
        <translation>
            <numerusform>én gang</numerusform>
            <numerusform>%n gange</numerusform>
        </translation>
    </message>
    <message>
        <source>until {when}</source>
        <translation>indtil {when}</translation>
    </message>
</context>
<context>
    <name>SchedulesController</name>
    <message>
        <source>Not a valid schedule yet.</source>
        <translation>Endnu ikke en gyldig tidsplan.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} er gemt.</translation>
    </message>
</context>
<context>
    <name>SchedulesScreen</name>
    <message>
        <source>Name</source>
        <translation>Navn</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regel</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Kommentarer</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>Tidsplaner</translation>
    </message>
    <message>
        <source>When harvests run.</source>
        <translation>Hvornår høstninger kører.</translation>
    </message>
    <message>
        <source>New schedule</source>
        <translation>Ny tidsplan</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>timer</translation>
    </message>
    <message>
        <source>days</source>
        <translation>dage</translation>
    </message>
    <message>
        <source>weeks</source>
        <translation>uger</translation>
    </message>
    <message>
        <source>months</source>
        <translation>måneder</translation>
    </message>
    <message>
        <source>any day</source>
        <translation>enhver dag</translation>
    </message>
    <message>
        <source>Monday</source>
        <translation>mandag</translation>
    </message>
    <message>
        <source>Tuesday</source>
        <translation>tirsdag</translation>
    </message>
    <message>
        <source>Wednesday</source>
        <translation>onsdag</translation>
    </message>
    <message>
        <source>Thursday</source>
        <translation>torsdag</translation>
    </message>
    <message>
        <source>Friday</source>
        <translation>fredag</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>lørdag</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>søndag</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Navn:</translation>
    </message>
    <message>
        <source>Every:</source>
        <translation>Hver:</translation>
    </message>
    <message>
        <source>Unit:</source>
        <translation>Enhed:</translation>
    </message>
    <message>
        <source>At minute (0–59, optional):</source>
        <translation>På minut (0–59, valgfrit):</translation>
    </message>
    <message>
        <source>At hour (0–23, optional):</source>
        <translation>På time (0–23, valgfrit):</translation>
    </message>
    <message>
        <source>On weekday:</source>
        <translation>På ugedag:</translation>
    </message>
    <message>
        <source>On day of month (1–31, optional):</source>
        <translation>På dag i måneden (1–31, valgfrit):</translation>
    </message>
    <message>
        <source>Start (ISO date and time with zone, empty: now):</source>
        <translation>Start (ISO-dato og -tid med zone, tom: nu):</translation>
    </message>
    <message>
        <source>End (ISO date and time with zone, optional):</source>
        <translation>Slut (ISO-dato og -tid med zone, valgfrit):</translation>
    </message>
    <message>
        <source>Or end after this many runs:</source>
        <translation>Eller slut efter så mange kørsler:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Kommentarer:</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Gem</translation>
    </message>
    <message>
        <source>The next five runs, if a harvest used it from now:</source>
        <translation>De næste fem kørsler, hvis en høstning brugte den fra nu af:</translation>
    </message>
</context>
<context>
    <name>Screen</name>
    <message>
        <source>The running {service} service does not offer &apos;{method}&apos; yet.</source>
        <extracomment>How often :meth:`poll` runs while the screen is visible (0: the screen shows nothing that changes by itself). One timer per screen, stopped while the screen is hidden, and a tick is skipped while the previous poll&apos;s calls are still out (docs/decisions/desktop-refresh.md).</extracomment>
        <translation>Den kørende {service}-tjeneste tilbyder endnu ikke &apos;{method}&apos;.</translation>
    </message>
</context>
<context>
    <name>Search</name>
    <message>
        <source>Give job numbers and ranges, for example 1, 2, 5-9.</source>
        <translation>Angiv jobnumre og intervaller, for eksempel 1, 2, 5-9.</translation>
    </message>
</context>
<context>
    <name>SearchScreen</name>
    <message>
        <source>Search</source>
        <translation>Søg</translation>
    </message>
    <message>
        <source>Find archived pages, PDFs and texts by their words.</source>
        <translation>Find arkiverede sider, PDF&apos;er og tekster ud fra deres ord.</translation>
    </message>
    <message>
        <source>Words:</source>
        <translation>Ord:</translation>
    </message>
    <message>
        <source>Jobs:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Rækkefølge:</translation>
    </message>
    <message>
        <source>words, &quot;a phrase&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</source>
        <translation>ord, &quot;en sætning&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</translation>
    </message>
    <message>
        <source>job numbers, e.g. 1, 2, 5-9 (empty: every indexed job)</source>
        <translation>jobnumre, f.eks. 1, 2, 5-9 (tomt: alle indekserede job)</translation>
    </message>
    <message>
        <source>most relevant first</source>
        <translation>mest relevante først</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>nyeste først</translation>
    </message>
    <message>
        <source>oldest first</source>
        <translation>ældste først</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Forrige side</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Næste side</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Eksportér WACZ…</translation>
    </message>
    <message>
        <source>The captures of every hit&apos;s URL (up to the first 1,000 hits) in the jobs of the hits, as one WACZ file</source>
        <translation>Høstningerne af hvert hits URL (højst de første 1.000 hits) i hittenes jobs, som én WACZ-fil</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Søger…</translation>
    </message>
    <message>
        <source>No hits for {query}.</source>
        <translation>Ingen resultater for {query}.</translation>
    </message>
    <message>
        <source>Hits {first}–{last} of {total} in jobs {jobs}.</source>
        <translation>Resultat {first}–{last} af {total} i job {jobs}.</translation>
    </message>
    <message>
        <source>Not searched yet: jobs {jobs} (their index is being made; search again).</source>
        <translation>Endnu ikke søgt: job {jobs} (deres indeks er ved at blive lavet; søg igen).</translation>
    </message>
    <message>
        <source>revisit</source>
        <translation>genbesøg</translation>
    </message>
    <message>
        <source>job {job}</source>
        <translation>job {job}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domæner</translation>
    </message>
    <message>
        <source>Years</source>
        <translation>År</translation>
    </message>
    <message>
        <source>Types</source>
        <translation>Typer</translation>
    </message>
    <message>
        <source>The captures of the URLs found by {query} (the first 1,000 hits at most), in the jobs of the hits.</source>
        <translation>Høstningerne af de URL’er, som {query} fandt (højst de første 1.000 hits), i hittenes jobs.</translation>
    </message>
</context>
<context>
    <name>ServerText</name>
    <message>
        <source>Cancelled by a curator: {reason}</source>
        <translation>Annulleret af en kurator: {reason}</translation>
    </message>
    <message>
        <source>Cancelled by a curator.</source>
        <translation>Annulleret af en kurator.</translation>
    </message>
    <message>
        <source>No word from the harvester within the job time-out: marked failed.</source>
        <translation>Intet fra høsteren inden for jobbets tidsfrist: markeret som fejlet.</translation>
    </message>
    <message>
        <source>Nothing was harvested: no object was fetched for any of the job&apos;s domains.</source>
        <translation>Intet blev høstet: intet objekt blev hentet for nogen af jobbets domæner.</translation>
    </message>
    <message>
        <source>The harvest failed: {error}</source>
        <translation>Høsten fejlede: {error}</translation>
    </message>
    <message>
        <source>The upload to the archive failed: {error}</source>
        <translation>Overførslen til arkivet fejlede: {error}</translation>
    </message>
    <message>
        <source>The {kind} audit {audit} of replica {replica} found {missing}, {corrupt} and {disputed}.</source>
        <translation>Revision {audit} ({kind}) af replika {replica} fandt {missing}, {corrupt} og {disputed}.</translation>
    </message>
    <message numerus="yes">
        <source>%n missing file(s)</source>
        <translation>
            <numerusform>%n manglende fil</numerusform>
            <numerusform>%n manglende filer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n corrupt file(s)</source>
        <translation>
            <numerusform>%n beskadiget fil</numerusform>
            <numerusform>%n beskadigede filer</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n disputed file(s)</source>
        <translation>
            <numerusform>%n omstridt fil</numerusform>
            <numerusform>%n omstridte filer</numerusform>
        </translation>
    </message>
    <message>
        <source>{instance} ({service} on {host}) has sent no heartbeat for {age}.</source>
        <translation>{instance} ({service} på {host}) har ikke sendt livstegn i {age}.</translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n sekund</numerusform>
            <numerusform>%n sekunder</numerusform>
        </translation>
    </message>
    <message>
        <source>{file} could not be stored in {replicas}.</source>
        <translation>{file} kunne ikke gemmes i {replicas}.</translation>
    </message>
    <message>
        <source>a replica</source>
        <translation>en replika</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new files (replica {replica}).</source>
        <translation>{instance} har for lidt fri diskplads og modtager ingen nye filer (replika {replica}).</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new jobs (channel {channel}).</source>
        <translation>{instance} har for lidt fri diskplads og tager ingen nye job (kanal {channel}).</translation>
    </message>
    <message>
        <source>Job {id} failed. {reason}</source>
        <translation>Job {id} fejlede. {reason}</translation>
    </message>
    <message>
        <source>Harvest definition {id} could not be scheduled and was deactivated: {error}</source>
        <translation>Høstdefinition {id} kunne ikke planlægges og blev deaktiveret: {error}</translation>
    </message>
    <message>
        <source>Audit found damage</source>
        <translation>Revision fandt skader</translation>
    </message>
    <message>
        <source>Instance lost</source>
        <translation>Instans mistet</translation>
    </message>
    <message>
        <source>Store failed</source>
        <translation>Lagring fejlede</translation>
    </message>
    <message>
        <source>Upload failed</source>
        <translation>Overførsel fejlede</translation>
    </message>
    <message>
        <source>Disk space low</source>
        <translation>Lidt diskplads</translation>
    </message>
    <message>
        <source>Job failed</source>
        <translation>Job fejlede</translation>
    </message>
    <message>
        <source>Definition deactivated</source>
        <translation>Definition deaktiveret</translation>
    </message>
    <message>
        <source>replica {replica} does not hold the file (re-establish it instead)</source>
        <translation>replika {replica} har ikke filen (genetabler den i stedet)</translation>
    </message>
    <message>
        <source>the copy equals the reference: nothing to replace</source>
        <translation>kopien svarer til referencen: intet at erstatte</translation>
    </message>
    <message>
        <source>no other replica holds a copy equal to the reference</source>
        <translation>ingen anden replika har en kopi, der svarer til referencen</translation>
    </message>
    <message>
        <source>other copies agree with this one against the reference: a person must decide</source>
        <translation>andre kopier stemmer overens med denne mod referencen: et menneske må afgøre det</translation>
    </message>
    <message>
        <source>QA of job {id}: {complete} of {checked} pages complete, below the threshold of {threshold} %.</source>
        <translation>QA af job {id}: {complete} af {checked} sider fuldstændige, under tærsklen på {threshold} %.</translation>
    </message>
    <message>
        <source>QA incomplete</source>
        <translation>QA ufuldstændig</translation>
    </message>
</context>
<context>
    <name>SignIn</name>
    <message>
        <source>The user name or password was refused.</source>
        <extracomment>what shared.client.Unreachable says when RabbitMQ refuses the user name or password</extracomment>
        <translation>Brugernavnet eller adgangskoden blev afvist.</translation>
    </message>
    <message>
        <source>The broker at {where} cannot be reached. Check the server settings, or try again later.</source>
        <translation>Brokeren på {where} kan ikke nås. Kontrollér serverindstillingerne, eller prøv igen senere.</translation>
    </message>
    <message>
        <source>The services do not know the user {user}. Ask an administrator to add you.</source>
        <translation>Tjenesterne kender ikke brugeren {user}. Bed en administrator om at oprette dig.</translation>
    </message>
    <message>
        <source>The user {user} is disabled. Ask an administrator.</source>
        <translation>Brugeren {user} er deaktiveret. Spørg en administrator.</translation>
    </message>
    <message>
        <source>The services refuse to work for {user}.</source>
        <translation>Tjenesterne vil ikke arbejde for {user}.</translation>
    </message>
</context>
<context>
    <name>TrapsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} er gemt.</translation>
    </message>
</context>
<context>
    <name>TrapsScreen</name>
    <message>
        <source>Name</source>
        <translation>Navn</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Aktiv</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Beskrivelse</translation>
    </message>
    <message>
        <source>Expressions</source>
        <translation>Udtryk</translation>
    </message>
    <message numerus="yes">
        <source>%Ln expression(s)</source>
        <translation>
            <numerusform>%Ln udtryk</numerusform>
            <numerusform>%Ln udtryk</numerusform>
        </translation>
    </message>
    <message>
        <source>Global crawler traps</source>
        <translation>Globale crawlerfælder</translation>
    </message>
    <message>
        <source>URL patterns no harvest should follow.</source>
        <translation>URL-mønstre som ingen høstning må følge.</translation>
    </message>
    <message>
        <source>New trap list</source>
        <translation>Ny fældeliste</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Navn:</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>Beskrivelse:</translation>
    </message>
    <message>
        <source>Active:</source>
        <translation>Aktiv:</translation>
    </message>
    <message>
        <source>Regular expressions (one a line):</source>
        <translation>Regulære udtryk (ét pr. linje):</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Gem</translation>
    </message>
</context>
<context>
    <name>UnavailablePanel</name>
    <message>
        <source>Service not available: {service}</source>
        <translation>Tjenesten er ikke tilgængelig: {service}</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Prøv igen</translation>
    </message>
</context>
<context>
    <name>Vocabulary</name>
    <message>
        <source>starting</source>
        <translation>starter</translation>
    </message>
    <message>
        <source>running</source>
        <translation>kører</translation>
    </message>
    <message>
        <source>dormant</source>
        <translation>hvilende</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>stopper</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>stoppet</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>mistet</translation>
    </message>
    <message>
        <source>new</source>
        <translation>ny</translation>
    </message>
    <message>
        <source>done</source>
        <translation>færdig</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>fejlet</translation>
    </message>
    <message>
        <source>resubmitted</source>
        <translation>genindsendt</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>i kø</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>fuldført</translation>
    </message>
    <message>
        <source>object limit reached</source>
        <translation>objektgrænse nået</translation>
    </message>
    <message>
        <source>size limit reached</source>
        <translation>størrelsesgrænse nået</translation>
    </message>
    <message>
        <source>configuration size limit reached</source>
        <translation>konfigurationens størrelsesgrænse nået</translation>
    </message>
    <message>
        <source>configuration object limit reached</source>
        <translation>konfigurationens objektgrænse nået</translation>
    </message>
    <message>
        <source>time limit reached</source>
        <translation>tidsgrænse nået</translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation>ufuldendt</translation>
    </message>
    <message>
        <source>no seed could be fetched</source>
        <translation>intet frø kunne hentes</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulleret</translation>
    </message>
    <message>
        <source>harvested</source>
        <translation>høstet</translation>
    </message>
    <message>
        <source>partly harvested</source>
        <translation>delvist høstet</translation>
    </message>
    <message>
        <source>nothing harvested</source>
        <translation>intet høstet</translation>
    </message>
    <message>
        <source>not stored</source>
        <translation>ikke gemt</translation>
    </message>
    <message>
        <source>storing</source>
        <translation>gemmer</translation>
    </message>
    <message>
        <source>stored, not yet confirmed</source>
        <translation>gemt, endnu ikke bekræftet</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>gemt</translation>
    </message>
    <message>
        <source>storing failed</source>
        <translation>lagring fejlede</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>selektiv</translation>
    </message>
    <message>
        <source>event</source>
        <translation>begivenhed</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>snapshot</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>advarsel</translation>
    </message>
    <message>
        <source>error</source>
        <translation>fejl</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>kritisk</translation>
    </message>
</context>
<context>
    <name>WaczDialog</name>
    <message>
        <source>Export WACZ</source>
        <translation>Eksportér WACZ</translation>
    </message>
    <message>
        <source>Web archive collections (*.wacz)</source>
        <translation>Webarkivsamlinger (*.wacz)</translation>
    </message>
    <message>
        <source>Cancel export</source>
        <translation>Afbryd eksport</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Luk</translation>
    </message>
    <message>
        <source>To {file}</source>
        <translation>Til {file}</translation>
    </message>
    <message>
        <source>Asking the archive…</source>
        <translation>Spørger arkivet…</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} af {total}</translation>
    </message>
    <message>
        <source>Writing {file}</source>
        <translation>Skriver {file}</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Afbryder…</translation>
    </message>
</context>
<context>
    <name>WaczExport</name>
    <message>
        <source>The search has no hits to export.</source>
        <translation>Søgningen har ingen hits at eksportere.</translation>
    </message>
    <message>
        <source>Search: {query}</source>
        <translation>Søgning: {query}</translation>
    </message>
    <message>
        <source>The file could not be written: {reason}</source>
        <translation>Filen kunne ikke skrives: {reason}</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>Eksporten blev afbrudt; ingen fil blev skrevet.</translation>
    </message>
    <message>
        <source>The export failed; no file was written. {reason}</source>
        <translation>Eksporten mislykkedes; ingen fil blev skrevet. {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Saved {file} ({size}): %Ln record(s).</source>
        <translation>
            <numerusform>Gemte {file} ({size}): %Ln post.</numerusform>
            <numerusform>Gemte {file} ({size}): %Ln poster.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Job(s): {jobs}.</source>
        <translation>
            <numerusform>Job: {jobs}.</numerusform>
            <numerusform>Job: {jobs}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln revisited payload(s) have no original in the package.</source>
        <translation>
            <numerusform>%Ln gensynet indhold har ingen original i pakken.</numerusform>
            <numerusform>%Ln gensynede indhold har ingen original i pakken.</numerusform>
        </translation>
    </message>
</context>
</TS>
