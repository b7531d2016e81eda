<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="it_IT">
<context>
    <name>ArchiveBrowser</name>
    <message>
        <source>Choose the missing URLs to add.</source>
        <translation>Scegli gli URL mancanti da aggiungere.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s) added to {list} of {domain}.</source>
        <translation>
            <numerusform>%Ln seed aggiunto a {list} di {domain}.</numerusform>
            <numerusform>%Ln seed aggiunti a {list} di {domain}.</numerusform>
        </translation>
    </message>
    <message>
        <source>What the archive holds of this page cannot be read: {reason}</source>
        <translation>Ciò che l&apos;archivio contiene di questa pagina non può essere letto: {reason}</translation>
    </message>
    <message>
        <source>The other captures of this page cannot be listed: {reason}</source>
        <translation>Le altre acquisizioni di questa pagina non possono essere elencate: {reason}</translation>
    </message>
    <message>
        <source>The other capture cannot be shown: {reason}</source>
        <translation>L&apos;altra acquisizione non può essere mostrata: {reason}</translation>
    </message>
    <message>
        <source>Asking the archive for it...</source>
        <translation>Richiesta all&apos;archivio in corso...</translation>
    </message>
    <message>
        <source>Downloading: {done} of {size}</source>
        <translation>Download: {done} di {size}</translation>
    </message>
    <message>
        <source>Downloading: {done}</source>
        <translation>Download: {done}</translation>
    </message>
    <message>
        <source>The download failed: {reason}</source>
        <translation>Il download non è riuscito: {reason}</translation>
    </message>
    <message>
        <source>Saved {path} ({size}).</source>
        <translation>Salvato {path} ({size}).</translation>
    </message>
    <message>
        <source>the archive&apos;s file server did not hand it out</source>
        <translation>il file server dell&apos;archivio non l&apos;ha fornita</translation>
    </message>
    <message>
        <source>it arrived damaged (its checksum is not the archive&apos;s); nothing was saved</source>
        <translation>è arrivata danneggiata (il suo checksum non è quello dell&apos;archivio); non è stato salvato nulla</translation>
    </message>
    <message>
        <source>the file cannot be written</source>
        <translation>il file non può essere scritto</translation>
    </message>
    <message>
        <source>it was cancelled</source>
        <translation>è stato annullato</translation>
    </message>
</context>
<context>
    <name>ArchiveBrowserScreen</name>
    <message>
        <source>Archive browser</source>
        <translation>Browser dell&apos;archivio</translation>
    </message>
    <message>
        <source>Browse what a job archived, and collect the URLs it missed.</source>
        <translation>Sfoglia ciò che un job ha archiviato e raccogli gli URL mancati.</translation>
    </message>
    <message>
        <source>Jobs to browse:</source>
        <translation>Job da sfogliare:</translation>
    </message>
    <message>
        <source>job numbers, e.g. 12 13</source>
        <translation>numeri di job, ad es. 12 13</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation>Sfoglia</translation>
    </message>
    <message>
        <source>Qt WebEngine is not installed here.</source>
        <translation>Qt WebEngine non è installato qui.</translation>
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
        <translation>Registra gli URL mancanti</translation>
    </message>
    <message>
        <source>Refresh the list</source>
        <translation>Aggiorna l&apos;elenco</translation>
    </message>
    <message>
        <source>Domain (e.g. kb.dk)</source>
        <translation>Dominio (ad es. kb.dk)</translation>
    </message>
    <message>
        <source>Seed list</source>
        <translation>Lista di seed</translation>
    </message>
    <message>
        <source>Add selected as seeds</source>
        <translation>Aggiungi i selezionati come seed</translation>
    </message>
    <message>
        <source>◀ Previous capture</source>
        <translation>◀ Acquisizione precedente</translation>
    </message>
    <message>
        <source>Next capture ▶</source>
        <translation>Acquisizione successiva ▶</translation>
    </message>
    <message>
        <source>Download record</source>
        <translation>Scarica il record</translation>
    </message>
    <message>
        <source>Save this page&apos;s record, as the archive stores it</source>
        <translation>Salva il record di questa pagina così come l&apos;archivio lo conserva</translation>
    </message>
    <message>
        <source>Download file</source>
        <translation>Scarica il file</translation>
    </message>
    <message>
        <source>Save the whole archive file that holds this page&apos;s record</source>
        <translation>Salva l&apos;intero file d&apos;archivio che contiene il record di questa pagina</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Esporta WACZ…</translation>
    </message>
    <message>
        <source>The jobs of this session as one WACZ file</source>
        <translation>I job di questa sessione in un unico file WACZ</translation>
    </message>
    <message>
        <source>Pages of the job</source>
        <translation>Pagine del job</translation>
    </message>
    <message>
        <source>Seeds first, then the pages the browser rendered, then the other HTML pages. Click one to show it as archived.</source>
        <translation>Prima i seed, poi le pagine visualizzate dal browser, poi le altre pagine HTML. Fai clic su una per vederla come è archiviata.</translation>
    </message>
    <message>
        <source>URL starts with… (example.dk/news/)</source>
        <translation>L&apos;URL inizia con… (example.dk/news/)</translation>
    </message>
    <message>
        <source>Job {job}</source>
        <translation>Job {job}</translation>
    </message>
    <message>
        <source>The jobs of this session ({jobs}), with their metadata and the originals of their revisits.</source>
        <translation>I job di questa sessione ({jobs}), con i loro metadati e gli originali delle loro rivisitazioni.</translation>
    </message>
    <message>
        <source>The page {url} is not shown: its certificate is not the viewerproxy&apos;s ({reason}). Close this tab and browse again: the new tab trusts the viewerproxy&apos;s current certificate.</source>
        <translation>La pagina {url} non viene mostrata: il suo certificato non è quello del viewerproxy ({reason}). Chiudi questa scheda e sfoglia di nuovo: la nuova scheda si fida del certificato attuale del viewerproxy.</translation>
    </message>
    <message>
        <source>Missing URLs</source>
        <translation>URL mancanti</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing URL(s)</source>
        <translation>
            <numerusform>%Ln URL mancante</numerusform>
            <numerusform>%Ln URL mancanti</numerusform>
        </translation>
    </message>
    <message>
        <source>Record missing URLs ({count})</source>
        <translation>Registra gli URL mancanti ({count})</translation>
    </message>
    <message>
        <source>Asked for by {referrer}</source>
        <translation>Richiesto da {referrer}</translation>
    </message>
    <message>
        <source>Not in the archive</source>
        <translation>Non nell&apos;archivio</translation>
    </message>
    <message>
        <source>Captured {when}</source>
        <translation>Acquisito il {when}</translation>
    </message>
    <message>
        <source>Record: {file} at offset {offset}</source>
        <translation>Record: {file} all&apos;offset {offset}</translation>
    </message>
    <message>
        <source>Earlier capture: {when}</source>
        <translation>Acquisizione precedente: {when}</translation>
    </message>
    <message>
        <source>Later capture: {when}</source>
        <translation>Acquisizione successiva: {when}</translation>
    </message>
    <message>
        <source>capture {n} of {count}</source>
        <translation>acquisizione {n} di {count}</translation>
    </message>
    <message>
        <source>Save the record</source>
        <translation>Salva il record</translation>
    </message>
    <message>
        <source>Save the archive file</source>
        <translation>Salva il file d&apos;archivio</translation>
    </message>
    <message>
        <source>The viewerproxy cannot be reached, so no archived page can be shown (nothing is fetched from the live web): {reason}</source>
        <translation>Il viewerproxy non è raggiungibile, quindi nessuna pagina archiviata può essere mostrata (nulla viene scaricato dal web): {reason}</translation>
    </message>
</context>
<context>
    <name>BitIntegrity</name>
    <message>
        <source>file list</source>
        <translation>elenco dei file</translation>
    </message>
    <message>
        <source>checksums</source>
        <translation>checksum</translation>
    </message>
    <message>
        <source>salted challenge</source>
        <translation>sfida con sale</translation>
    </message>
    <message>
        <source>reestablish missing</source>
        <translation>ripristina mancanti</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>in coda</translation>
    </message>
    <message>
        <source>running</source>
        <translation>in esecuzione</translation>
    </message>
    <message>
        <source>done</source>
        <translation>completato</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>non riuscito</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annullato</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>mancante</translation>
    </message>
    <message>
        <source>corrupt</source>
        <translation>corrotto</translation>
    </message>
    <message>
        <source>disputed: a person must look</source>
        <translation>contestato: una persona deve controllare</translation>
    </message>
    <message>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Esito</translation>
    </message>
    <message>
        <source>Reference checksum</source>
        <translation>Checksum di riferimento</translation>
    </message>
    <message>
        <source>Checksum in this replica</source>
        <translation>Checksum in questa replica</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>Verificato</translation>
    </message>
</context>
<context>
    <name>BitIntegrityScreen</name>
    <message>
        <source>Bit integrity</source>
        <translation>Integrità dei bit</translation>
    </message>
    <message>
        <source>Every replica&apos;s files checked: audits, missing and corrupt copies, repair.</source>
        <translation>I file di ogni replica verificati: verifiche, copie mancanti e corrotte, riparazione.</translation>
    </message>
    <message>
        <source>Choose a replica to see its missing and corrupt copies.</source>
        <translation>Scegli una replica per vedere le copie mancanti e corrotte.</translation>
    </message>
    <message>
        <source>Start audit</source>
        <translation>Avvia la verifica</translation>
    </message>
    <message>
        <source>Cancel audit</source>
        <translation>Annulla la verifica</translation>
    </message>
    <message>
        <source>Reestablish all missing</source>
        <translation>Ripristina tutti i mancanti</translation>
    </message>
    <message>
        <source>Replace this corrupt copy…</source>
        <translation>Sostituisci questa copia corrotta…</translation>
    </message>
    <message>
        <source>Missing copies:</source>
        <translation>Copie mancanti:</translation>
    </message>
    <message>
        <source>Corrupt copies:</source>
        <translation>Copie corrotte:</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Replica</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>File</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Mancanti</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Corrotti</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Contestati</translation>
    </message>
    <message>
        <source>Old checksums</source>
        <translation>Checksum vecchi</translation>
    </message>
    <message>
        <source>Oldest checksum</source>
        <translation>Checksum più vecchio</translation>
    </message>
    <message>
        <source>Last audit</source>
        <translation>Ultima verifica</translation>
    </message>
    <message>
        <source>Replica {replica}</source>
        <translation>Replica {replica}</translation>
    </message>
    <message numerus="yes">
        <source>{kind} audit {id}: {state}; %Ln file(s) seen, {missing} missing, {corrupt} corrupt</source>
        <translation>
            <numerusform>Verifica {id} ({kind}): {state}; %Ln file visto, {missing} mancanti, {corrupt} corrotti</numerusform>
            <numerusform>Verifica {id} ({kind}): {state}; %Ln file visti, {missing} mancanti, {corrupt} corrotti</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy the %Ln missing file(s) back into {replica} from a good copy in another replica? Nothing is deleted; each copy is checked against the reference checksum.</source>
        <translation>
            <numerusform>Ricopiare il %Ln file mancante in {replica} da una copia buona in un&apos;altra replica? Nulla viene cancellato; la copia è verificata con il checksum di riferimento.</numerusform>
            <numerusform>Ricopiare i %Ln file mancanti in {replica} da una copia buona in un&apos;altra replica? Nulla viene cancellato; ogni copia è verificata con il checksum di riferimento.</numerusform>
        </translation>
    </message>
    <message>
        <source>(partial: no answer from {instances})</source>
        <translation>(parziale: nessuna risposta da {instances})</translation>
    </message>
    <message>
        <source>Choose a corrupt copy first.</source>
        <translation>Scegli prima una copia corrotta.</translation>
    </message>
    <message>
        <source>File: {name} in {replica}</source>
        <translation>File: {name} in {replica}</translation>
    </message>
    <message>
        <source>Checksum of the corrupt copy: {checksum}</source>
        <translation>Checksum della copia corrotta: {checksum}</translation>
    </message>
    <message>
        <source>Reference checksum: {checksum}</source>
        <translation>Checksum di riferimento: {checksum}</translation>
    </message>
    <message>
        <source>Good copy: {replica} ({checksum})</source>
        <translation>Copia buona: {replica} ({checksum})</translation>
    </message>
    <message>
        <source>The corrupt copy is moved aside (kept, not deleted) and replaced by the good copy.</source>
        <translation>La copia corrotta viene messa da parte (conservata, non cancellata) e sostituita dalla copia buona.</translation>
    </message>
    <message>
        <source>This copy cannot be replaced: {reason}</source>
        <translation>Questa copia non può essere sostituita: {reason}</translation>
    </message>
    <message>
        <source>Replace this corrupt copy</source>
        <translation>Sostituisci questa copia corrotta</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Sostituisci</translation>
    </message>
    <message>
        <source>Replaced {name} in {replica}; the old copy is kept at {attic}</source>
        <translation>{name} sostituito in {replica}; la vecchia copia è conservata in {attic}</translation>
    </message>
</context>
<context>
    <name>BrowseScope</name>
    <message>
        <source>The jobs to browse cannot be listed: {reason}</source>
        <translation>Impossibile elencare i job da sfogliare: {reason}</translation>
    </message>
    <message>
        <source>{what}: no ended job to browse yet.</source>
        <translation>{what}: ancora nessun job concluso da sfogliare.</translation>
    </message>
    <message numerus="yes">
        <source>{what}: the newest %Ln job(s) are browsed; older ones are left out.</source>
        <translation>
            <numerusform>{what}: si sfoglia il %Ln job più recente; i più vecchi sono esclusi.</numerusform>
            <numerusform>{what}: si sfogliano i %Ln job più recenti; i più vecchi sono esclusi.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChannelsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} salvato.</translation>
    </message>
</context>
<context>
    <name>ChannelsScreen</name>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>snapshot</translation>
    </message>
    <message>
        <source>focused</source>
        <translation>mirato</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Predefinito</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Commenti</translation>
    </message>
    <message>
        <source>Harvest channels</source>
        <translation>Canali di raccolta</translation>
    </message>
    <message>
        <source>Which harvester channel runs which kind of harvest.</source>
        <translation>Quale canale esegue quale tipo di raccolta.</translation>
    </message>
    <message>
        <source>Make default of its kind</source>
        <translation>Rendi predefinito per il suo tipo</translation>
    </message>
    <message>
        <source>New channel:</source>
        <translation>Nuovo canale:</translation>
    </message>
    <message>
        <source>For snapshot harvests:</source>
        <translation>Per raccolte snapshot:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commenti:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Crea</translation>
    </message>
</context>
<context>
    <name>ChartsScreen</name>
    <message>
        <source>Charts</source>
        <translation>Grafici</translation>
    </message>
    <message>
        <source>Jobs per day and status; bytes per run of a harvest.</source>
        <translation>Job per giorno e stato; byte per esecuzione di una raccolta.</translation>
    </message>
    <message>
        <source>Jobs created in the last (days):</source>
        <translation>Job creati negli ultimi (giorni):</translation>
    </message>
    <message>
        <source>Bytes harvested per run of:</source>
        <translation>Byte raccolti per esecuzione di:</translation>
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
        <translation>Mancanti</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Corrotti</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Contestati</translation>
    </message>
    <message>
        <source>Not checked yet</source>
        <translation>Non ancora verificati</translation>
    </message>
    <message>
        <source>Copies per replica</source>
        <translation>Copie per replica</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>File</translation>
    </message>
    <message>
        <source>No replica health: {reason}</source>
        <translation>Nessuno stato delle repliche: {reason}</translation>
    </message>
    <message>
        <source>Every file should have an OK copy in every replica.</source>
        <translation>Ogni file dovrebbe avere una copia OK in ogni replica.</translation>
    </message>
    <message>
        <source>Size of the whole archive</source>
        <translation>Dimensione dell&apos;intero archivio</translation>
    </message>
    <message>
        <source>Archive size</source>
        <translation>Dimensione dell&apos;archivio</translation>
    </message>
    <message>
        <source>No archive growth: {reason}</source>
        <translation>Nessuna crescita dell&apos;archivio: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>The archive holds %Ln file(s), {size}; {new} taken in these days.</source>
        <translation>
            <numerusform>L&apos;archivio contiene %Ln file, {size}; {new} ricevuti in questi giorni.</numerusform>
            <numerusform>L&apos;archivio contiene %Ln file, {size}; {new} ricevuti in questi giorni.</numerusform>
        </translation>
    </message>
    <message>
        <source>Jobs per status over time</source>
        <translation>Job per stato nel tempo</translation>
    </message>
    <message>
        <source>Bytes harvested</source>
        <translation>Byte raccolti</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Esecuzione %1</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Bytes harvested per run</source>
        <translation>Byte raccolti per esecuzione</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Byte</translation>
    </message>
    <message>
        <source>Megabytes</source>
        <translation>Megabyte</translation>
    </message>
</context>
<context>
    <name>ConnectionProblemPage</name>
    <message>
        <source>Connecting…</source>
        <translation>Connessione…</translation>
    </message>
    <message>
        <source>You are not signed in</source>
        <translation>Non hai effettuato l&apos;accesso</translation>
    </message>
    <message>
        <source>Cannot reach the services</source>
        <translation>I servizi non sono raggiungibili</translation>
    </message>
    <message>
        <source>The services at {where} answer, but refuse to work for this user. Sign in as a user they know.</source>
        <translation>I servizi su {where} rispondono, ma si rifiutano di lavorare per questo utente. Accedi come un utente che conoscono.</translation>
    </message>
    <message>
        <source>The application could not talk to the message broker at {where}. The services may be stopped, or the connection settings may be wrong. Nothing you saved is lost.</source>
        <translation>L’applicazione non è riuscita a comunicare con il broker di messaggi su {where}. I servizi potrebbero essere fermi, oppure le impostazioni di connessione sono errate. Nulla di ciò che hai salvato è andato perso.</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Riprova</translation>
    </message>
    <message>
        <source>Connection settings…</source>
        <translation>Impostazioni di connessione…</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <source>Unexpected error</source>
        <translation>Errore imprevisto</translation>
    </message>
    <message>
        <source>Something went wrong that the application did not expect. Your saved work is safe on the server. Please copy the details below into a report to the people who run the system.</source>
        <translation>Si è verificato un problema che l’applicazione non si aspettava. Il lavoro salvato è al sicuro sul server. Copia i dettagli qui sotto in una segnalazione per chi gestisce il sistema.</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Copia i dettagli</translation>
    </message>
</context>
<context>
    <name>DomainsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} salvato.</translation>
    </message>
    <message>
        <source>Give at least one seed.</source>
        <translation>Indica almeno un seed.</translation>
    </message>
    <message>
        <source>This domain has no seed list {names}.</source>
        <translation>Il dominio non ha la lista di seed {names}.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>riga {line}: {text}</translation>
    </message>
    <message>
        <source>Ingest cancelled after line {line}.</source>
        <translation>Importazione annullata dopo la riga {line}.</translation>
    </message>
    <message>
        <source>Ingest finished.</source>
        <translation>Importazione completata.</translation>
    </message>
    <message>
        <source>Created: {created}, already known: {existing}, duplicates: {duplicates}, invalid: {invalid}.</source>
        <translation>Creati: {created}, già noti: {existing}, duplicati: {duplicates}, non validi: {invalid}.</translation>
    </message>
    <message>
        <source>Invalid lines: {lines}</source>
        <translation>Righe non valide: {lines}</translation>
    </message>
</context>
<context>
    <name>DomainsScreen</name>
    <message>
        <source>no limit</source>
        <translation>nessun limite</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Dominio</translation>
    </message>
    <message>
        <source>TLD</source>
        <translation>TLD</translation>
    </message>
    <message>
        <source>Alias of</source>
        <translation>Alias di</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Creato</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Profilo di raccolta</translation>
    </message>
    <message>
        <source>Seed lists</source>
        <translation>Liste di seed</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Oggetti max</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Byte max</translation>
    </message>
    <message>
        <source>Requests/min</source>
        <translation>Richieste/min</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Predefinito</translation>
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
        <translation>Utente</translation>
    </message>
    <message>
        <source>Harvest</source>
        <translation>Raccolta</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configurazione</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Oggetti</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Byte</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Motivo di arresto</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Terminato</translation>
    </message>
    <message>
        <source>History of {domain}</source>
        <translation>Cronologia di {domain}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domini</translation>
    </message>
    <message>
        <source>Start here: the domains to harvest, their seeds and configurations.</source>
        <translation>Inizia qui: i domini da raccogliere, i loro seed e configurazioni.</translation>
    </message>
    <message>
        <source>Search with * and ?, e.g. *.dk or kb*</source>
        <translation>Cerca con * e ?, ad es. *.dk o kb*</translation>
    </message>
    <message>
        <source>in names</source>
        <translation>nei nomi</translation>
    </message>
    <message>
        <source>in comments</source>
        <translation>nei commenti</translation>
    </message>
    <message>
        <source>in crawler traps</source>
        <translation>nelle trappole per crawler</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Cerca</translation>
    </message>
    <message>
        <source>New domain:</source>
        <translation>Nuovo dominio:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Crea</translation>
    </message>
    <message>
        <source>Mass ingest of a domain list…</source>
        <translation>Importazione massiva di un elenco di domini…</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Generale</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Configurazioni</translation>
    </message>
    <message>
        <source>Crawler traps</source>
        <translation>Trappole per crawler</translation>
    </message>
    <message>
        <source>Owner info</source>
        <translation>Informazioni sul proprietario</translation>
    </message>
    <message>
        <source>Site logins</source>
        <translation>Credenziali dei siti</translation>
    </message>
    <message>
        <source>Harvest history</source>
        <translation>Cronologia delle raccolte</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commenti:</translation>
    </message>
    <message>
        <source>Alias of (domain):</source>
        <translation>Alias di (dominio):</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salva</translation>
    </message>
    <message>
        <source>Browse this domain&apos;s history</source>
        <translation>Sfoglia la cronologia di questo dominio</translation>
    </message>
    <message>
        <source>Opens the archive browser on every ended job of this domain&apos;s history: step through its captures</source>
        <translation>Apre il browser dell’archivio su tutti i job conclusi della cronologia di questo dominio: scorri le sue catture</translation>
    </message>
    <message>
        <source>Seed list name:</source>
        <translation>Nome della lista di seed:</translation>
    </message>
    <message>
        <source>Seeds (one URL a line):</source>
        <translation>Seed (un URL per riga):</translation>
    </message>
    <message>
        <source>Save seed list</source>
        <translation>Salva la lista di seed</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nome:</translation>
    </message>
    <message>
        <source>Crawl profile:</source>
        <translation>Profilo di raccolta:</translation>
    </message>
    <message>
        <source>Seed lists:</source>
        <translation>Liste di seed:</translation>
    </message>
    <message>
        <source>Max objects:</source>
        <translation>Oggetti massimi:</translation>
    </message>
    <message>
        <source>Max bytes:</source>
        <translation>Byte massimi:</translation>
    </message>
    <message>
        <source>Max requests a minute:</source>
        <translation>Richieste max al minuto:</translation>
    </message>
    <message>
        <source>Default configuration:</source>
        <translation>Configurazione predefinita:</translation>
    </message>
    <message>
        <source>Save configuration</source>
        <translation>Salva la configurazione</translation>
    </message>
    <message>
        <source>Crawler traps (one regular expression a line):</source>
        <translation>Trappole per crawler (un’espressione regolare per riga):</translation>
    </message>
    <message>
        <source>Save crawler traps</source>
        <translation>Salva le trappole per crawler</translation>
    </message>
    <message>
        <source>New note:</source>
        <translation>Nuova nota:</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Aggiungi nota</translation>
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
        <translation>Utente:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Password:</translation>
    </message>
    <message>
        <source>Add site login</source>
        <translation>Aggiungi credenziale del sito</translation>
    </message>
    <message numerus="yes">
        <source>%Ln domain(s)</source>
        <translation>
            <numerusform>%Ln dominio</numerusform>
            <numerusform>%Ln domini</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a domain on the left.</source>
        <translation>Scegli un dominio a sinistra.</translation>
    </message>
    <message>
        <source>{name} (edition {edition})</source>
        <translation>{name} (edizione {edition})</translation>
    </message>
    <message>
        <source>Alias set {set}, to be confirmed again by {expires}.</source>
        <translation>Alias impostato il {set}, da riconfermare entro il {expires}.</translation>
    </message>
    <message>
        <source>Aliases of this domain: {aliases}</source>
        <translation>Alias di questo dominio: {aliases}</translation>
    </message>
    <message>
        <source>(the domain&apos;s default)</source>
        <translation>(predefinito del dominio)</translation>
    </message>
    <message>
        <source>(new seed list)</source>
        <translation>(nuova lista di seed)</translation>
    </message>
    <message>
        <source>Domain list to ingest</source>
        <translation>Elenco di domini da importare</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>File di testo (*.txt);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>Ingesting {file}…</source>
        <translation>Importazione di {file}…</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The service could not do this.</source>
        <translation>Il servizio non ha potuto eseguire l’operazione.</translation>
    </message>
    <message>
        <source>The input is not valid.</source>
        <translation>L’input non è valido.</translation>
    </message>
    <message>
        <source>The configuration is not valid: {key}.</source>
        <translation>La configurazione non è valida: {key}.</translation>
    </message>
    <message>
        <source>This name is not allowed: it must not contain &apos;/&apos;, &apos;..&apos; or control characters.</source>
        <translation>Questo nome non è consentito: non deve contenere &apos;/&apos;, &apos;..&apos; o caratteri di controllo.</translation>
    </message>
    <message>
        <source>This is not a domain name that can be registered (for example kb.dk, not co.uk).</source>
        <translation>Questo non è un nome di dominio registrabile (ad esempio kb.dk, non co.uk).</translation>
    </message>
    <message>
        <source>This URL is not valid or not allowed here.</source>
        <translation>Questo URL non è valido o non è consentito qui.</translation>
    </message>
    <message>
        <source>This regular expression is not valid (problem at position {position}).</source>
        <translation>Questa espressione regolare non è valida (problema alla posizione {position}).</translation>
    </message>
    <message>
        <source>The crawl profile is not valid.</source>
        <translation>Il profilo di raccolta non è valido.</translation>
    </message>
    <message>
        <source>The schedule is not valid ({field}: {reason}).</source>
        <translation>La pianificazione non è valida ({field}: {reason}).</translation>
    </message>
    <message>
        <source>The WARC file cannot be read.</source>
        <translation>Il file WARC non può essere letto.</translation>
    </message>
    <message>
        <source>The WACZ package cannot be read or is damaged.</source>
        <translation>Il pacchetto WACZ non è leggibile o è danneggiato.</translation>
    </message>
    <message>
        <source>It does not exist (any more).</source>
        <translation>Non esiste (più).</translation>
    </message>
    <message>
        <source>There is no such domain.</source>
        <translation>Questo dominio non esiste.</translation>
    </message>
    <message>
        <source>There is no such job.</source>
        <translation>Questo job non esiste.</translation>
    </message>
    <message>
        <source>There is no such file in the archive.</source>
        <translation>Questo file non esiste nell’archivio.</translation>
    </message>
    <message>
        <source>This clashes with the current state.</source>
        <translation>Questo è in conflitto con lo stato attuale.</translation>
    </message>
    <message>
        <source>One with this name already exists.</source>
        <translation>Esiste già un elemento con questo nome.</translation>
    </message>
    <message>
        <source>Someone else saved this in the meantime. Reload it and make your change again.</source>
        <translation>Qualcun altro lo ha salvato nel frattempo. Ricaricalo e ripeti la modifica.</translation>
    </message>
    <message>
        <source>This change of state is not allowed (from {from} to {to}).</source>
        <translation>Questo cambio di stato non è consentito (da {from} a {to}).</translation>
    </message>
    <message>
        <source>The job was cancelled by a curator.</source>
        <translation>Il job è stato annullato da un curatore.</translation>
    </message>
    <message>
        <source>You are not allowed to do this.</source>
        <translation>Non hai il permesso di farlo.</translation>
    </message>
    <message>
        <source>The permission was refused: the token is forged, expired, already used, or not for this action.</source>
        <translation>L’autorizzazione è stata rifiutata: il token è falsificato, scaduto, già usato o non vale per questa azione.</translation>
    </message>
    <message>
        <source>The content does not match its checksum.</source>
        <translation>Il contenuto non corrisponde al suo checksum.</translation>
    </message>
    <message>
        <source>A needed service or resource does not answer. Try again later.</source>
        <translation>Un servizio o una risorsa necessari non rispondono. Riprova più tardi.</translation>
    </message>
    <message>
        <source>A replica of the archive does not answer. Try again later.</source>
        <translation>Una replica dell’archivio non risponde. Riprova più tardi.</translation>
    </message>
    <message>
        <source>A service took too long to answer. Try again later.</source>
        <translation>Un servizio ha impiegato troppo tempo a rispondere. Riprova più tardi.</translation>
    </message>
    <message>
        <source>The archive has no room for more files.</source>
        <translation>L’archivio non ha spazio per altri file.</translation>
    </message>
    <message>
        <source>The file could not be stored in the archive.</source>
        <translation>Il file non è stato archiviato.</translation>
    </message>
    <message>
        <source>There is no such batch job.</source>
        <translation>Questo job batch non esiste.</translation>
    </message>
    <message>
        <source>None of these jobs has data an index can be made from.</source>
        <translation>Nessuno di questi job ha dati da cui si possa costruire un indice.</translation>
    </message>
    <message>
        <source>The index is not ready yet. Try again in a moment.</source>
        <translation>L’indice non è ancora pronto. Riprova tra poco.</translation>
    </message>
    <message>
        <source>There is no such QA run.</source>
        <translation>Questa esecuzione di QA non esiste.</translation>
    </message>
    <message>
        <source>QA has not checked this page of the job.</source>
        <translation>La QA non ha controllato questa pagina del job.</translation>
    </message>
    <message>
        <source>QA reads a job from the archive: the job must have finished first.</source>
        <translation>La QA legge un job dall&apos;archivio: il job deve prima essere terminato.</translation>
    </message>
    <message>
        <source>QA found nothing missing in this job: there is nothing to patch.</source>
        <translation>La QA non ha trovato nulla di mancante in questo job: non c&apos;è niente da integrare.</translation>
    </message>
    <message>
        <source>The installation description is not valid: see the problems listed.</source>
        <translation>La descrizione dell&apos;installazione non è valida: vedere i problemi elencati.</translation>
    </message>
    <message>
        <source>That notification does not exist (any more).</source>
        <translation>Questa notifica non esiste (più).</translation>
    </message>
    <message>
        <source>The copy&apos;s checksum is not the one you named as bad.</source>
        <translation>Il checksum della copia non è quello indicato come errato.</translation>
    </message>
    <message>
        <source>This copy equals the reference: there is nothing to repair.</source>
        <translation>Questa copia corrisponde al riferimento: non c&apos;è nulla da riparare.</translation>
    </message>
    <message>
        <source>No other replica has a good copy to repair from.</source>
        <translation>Nessun&apos;altra replica ha una copia valida da cui riparare.</translation>
    </message>
    <message>
        <source>This browsing session no longer exists. Open the job again.</source>
        <translation>Questa sessione di navigazione non esiste più. Riapri il job.</translation>
    </message>
    <message>
        <source>This browsing session was stopped. Open the job again.</source>
        <translation>Questa sessione di navigazione è stata interrotta. Riapri il job.</translation>
    </message>
    <message>
        <source>The services cannot be reached. Check the connection settings.</source>
        <translation>I servizi non sono raggiungibili. Controlla le impostazioni di connessione.</translation>
    </message>
    <message>
        <source>The service is not running.</source>
        <translation>Il servizio non è in esecuzione.</translation>
    </message>
    <message>
        <source>The service did not answer in time.</source>
        <translation>Il servizio non ha risposto in tempo.</translation>
    </message>
    <message>
        <source>Something unexpected went wrong on the server.</source>
        <translation>Si è verificato un errore imprevisto sul server.</translation>
    </message>
    <message>
        <source>Something went wrong (error code: {code}).</source>
        <translation>Qualcosa è andato storto (codice di errore: {code}).</translation>
    </message>
    <message>
        <source>domain</source>
        <translation>dominio</translation>
    </message>
    <message>
        <source>crawl profile</source>
        <translation>profilo di raccolta</translation>
    </message>
    <message>
        <source>harvest definition</source>
        <translation>definizione di raccolta</translation>
    </message>
    <message>
        <source>harvest channel</source>
        <translation>canale di raccolta</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>pianificazione</translation>
    </message>
    <message>
        <source>crawler trap list</source>
        <translation>elenco di trappole per crawler</translation>
    </message>
    <message>
        <source>seed list</source>
        <translation>lista di seed</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>configurazione</translation>
    </message>
    <message>
        <source>ingest run</source>
        <translation>importazione</translation>
    </message>
    <message>
        <source>The seed {url} is outside the domain {domain}.</source>
        <translation>Il seed {url} è fuori dal dominio {domain}.</translation>
    </message>
    <message>
        <source>Only http and https URLs can be seeds: {url}</source>
        <translation>Solo gli URL http e https possono essere seed: {url}</translation>
    </message>
    <message>
        <source>This URL has no host name: {url}</source>
        <translation>Questo URL non ha un nome host: {url}</translation>
    </message>
    <message>
        <source>This is not a valid URL: {url}</source>
        <translation>Questo non è un URL valido: {url}</translation>
    </message>
    <message>
        <source>There is no domain {name}.</source>
        <translation>Il dominio {name} non esiste.</translation>
    </message>
    <message>
        <source>Not found: {object} &apos;{name}&apos;.</source>
        <translation>Non trovato: {object} &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>Already exists: {object} &apos;{name}&apos;.</source>
        <translation>Esiste già: {object} &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>Details: {message}</source>
        <translation>Dettagli: {message}</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message numerus="yes">
        <source>%Ln second(s) ago</source>
        <translation>
            <numerusform>%Ln secondo fa</numerusform>
            <numerusform>%Ln secondi fa</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>%Ln minuto fa</numerusform>
            <numerusform>%Ln minuti fa</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HarvestsController</name>
    <message>
        <source>Line {line}: give a domain, and a configuration if not the default.</source>
        <translation>Riga {line}: indicare un dominio e una configurazione se non quella predefinita.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Indicare almeno un dominio.</translation>
    </message>
    <message>
        <source>Nothing to save: {name} is as shown.</source>
        <translation>Niente da salvare: {name} è come mostrato.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} salvato.</translation>
    </message>
    <message>
        <source>Not harvested: another scheduler is making its jobs right now.</source>
        <translation>Non raccolto: un altro pianificatore sta creando i suoi job in questo momento.</translation>
    </message>
    <message>
        <source>Run {run} failed: {reason}</source>
        <translation>Esecuzione {run} non riuscita: {reason}</translation>
    </message>
    <message>
        <source>Run {run} of {name} is being made; its jobs appear on the jobs screen.</source>
        <translation>L’esecuzione {run} di {name} è in preparazione; i suoi job compaiono nella schermata dei job.</translation>
    </message>
    <message>
        <source>Job {id}: cancelling; the harvester stops at its next report.</source>
        <translation>Job {id}: annullamento in corso; l’harvester si ferma al suo prossimo rapporto.</translation>
    </message>
    <message>
        <source>Job {id} cancelled.</source>
        <translation>Job {id} annullato.</translation>
    </message>
</context>
<context>
    <name>HarvestsScreen</name>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Attivo</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Pianificazione</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canale</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Esecuzioni</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Prossima esecuzione</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Configurazioni</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problema</translation>
    </message>
    <message>
        <source>{name}, run {run}</source>
        <translation>{name}, esecuzione {run}</translation>
    </message>
    <message>
        <source>Choose a harvest definition in the list to see and change it.</source>
        <translation>Scegliere una definizione di raccolta nell’elenco per vederla e modificarla.</translation>
    </message>
    <message>
        <source>{name} ({kind}), {runs}</source>
        <translation>{name} ({kind}), {runs}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln esecuzione</numerusform>
            <numerusform>%Ln esecuzioni</numerusform>
        </translation>
    </message>
    <message>
        <source>Harvest definitions</source>
        <translation>Definizioni di raccolta</translation>
    </message>
    <message>
        <source>What to harvest when: selective, event and snapshot harvests.</source>
        <translation>Cosa raccogliere e quando: raccolte selettive, di eventi e snapshot.</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Tutti i tipi</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>Selettiva</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>Snapshot</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Attiva</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Disattiva</translation>
    </message>
    <message>
        <source>New selective harvest</source>
        <translation>Nuova raccolta selettiva</translation>
    </message>
    <message>
        <source>Chosen harvest</source>
        <translation>Raccolta scelta</translation>
    </message>
    <message>
        <source>New event harvest</source>
        <translation>Nuova raccolta per evento</translation>
    </message>
    <message>
        <source>New snapshot harvest</source>
        <translation>Nuova raccolta snapshot</translation>
    </message>
    <message>
        <source>Max bytes per domain:</source>
        <translation>Byte massimi per dominio:</translation>
    </message>
    <message>
        <source>Max objects per domain:</source>
        <translation>Oggetti massimi per dominio:</translation>
    </message>
    <message>
        <source>Max job running time in seconds:</source>
        <translation>Durata massima di un job in secondi:</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>nessun limite</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Salva le modifiche</translation>
    </message>
    <message>
        <source>Harvest now</source>
        <translation>Raccogli ora</translation>
    </message>
    <message>
        <source>run </source>
        <translation>esecuzione </translation>
    </message>
    <message>
        <source>Browse this run</source>
        <translation>Sfoglia questa esecuzione</translation>
    </message>
    <message>
        <source>Opens the archive browser on the ended jobs of the chosen run</source>
        <translation>Apre il browser dell’archivio sui job conclusi dell’esecuzione scelta</translation>
    </message>
    <message>
        <source>One run now, besides the schedule; its jobs appear on the jobs screen.</source>
        <translation>Un’esecuzione ora, oltre alla pianificazione; i suoi job compaiono nella schermata dei job.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nome:</translation>
    </message>
    <message>
        <source>Harvest channel:</source>
        <translation>Canale di raccolta:</translation>
    </message>
    <message>
        <source>Schedule:</source>
        <translation>Pianificazione:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commenti:</translation>
    </message>
    <message>
        <source>Max bytes per domain (-1: no limit):</source>
        <translation>Byte max per dominio (-1: nessun limite):</translation>
    </message>
    <message>
        <source>Max objects per domain (-1: no limit):</source>
        <translation>Oggetti max per dominio (-1: nessun limite):</translation>
    </message>
    <message>
        <source>Domains (one a line; &apos;domain configuration&apos; for another than the default):</source>
        <translation>Domini (uno per riga; &apos;dominio configurazione&apos; per una diversa da quella predefinita):</translation>
    </message>
    <message>
        <source>URLs (one a line):</source>
        <translation>URL (uno per riga):</translation>
    </message>
    <message>
        <source>Max job running time in seconds (0: no limit):</source>
        <translation>Durata max di un job in secondi (0: nessun limite):</translation>
    </message>
    <message>
        <source>Based on an earlier snapshot:</source>
        <translation>Basata su uno snapshot precedente:</translation>
    </message>
    <message>
        <source>Create selective harvest</source>
        <translation>Crea raccolta selettiva</translation>
    </message>
    <message>
        <source>Create event harvest</source>
        <translation>Crea raccolta per evento</translation>
    </message>
    <message>
        <source>Create snapshot harvest</source>
        <translation>Crea raccolta snapshot</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(nessuna)</translation>
    </message>
    <message>
        <source>(default channel)</source>
        <translation>(canale predefinito)</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} salvato.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Indica almeno un dominio.</translation>
    </message>
    <message>
        <source>Choose a schedule.</source>
        <translation>Scegli una pianificazione.</translation>
    </message>
    <message>
        <source>Domains in this list (created if unknown): {domains}</source>
        <translation>Domini in questo elenco (creati se sconosciuti): {domains}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) not a URL under a domain.</source>
        <translation>
            <numerusform>%Ln riga non è un URL sotto un dominio.</numerusform>
            <numerusform>%Ln righe non sono URL sotto un dominio.</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste at least one URL.</source>
        <translation>Incolla almeno un URL.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>riga {line}: {text}</translation>
    </message>
</context>
<context>
    <name>Inputs</name>
    <message>
        <source>Give a whole number.</source>
        <translation>Indica un numero intero.</translation>
    </message>
    <message>
        <source>Give a number of at least {minimum}.</source>
        <translation>Indica un numero di almeno {minimum}.</translation>
    </message>
    <message>
        <source>Give a whole number of at least 0, or -1 (or nothing) for no limit.</source>
        <translation>Indicare un numero intero di almeno 0, oppure -1 (o niente) per nessun limite.</translation>
    </message>
    <message>
        <source>Give a whole number of seconds, 0 (or nothing) for no limit.</source>
        <translation>Indicare un numero intero di secondi, 0 (o niente) per nessun limite.</translation>
    </message>
    <message>
        <source>This cannot be empty.</source>
        <translation>Questo campo non può essere vuoto.</translation>
    </message>
</context>
<context>
    <name>JobDetails</name>
    <message>
        <source>created</source>
        <translation>creato</translation>
    </message>
    <message>
        <source>submitted to its channel</source>
        <translation>inviato al suo canale</translation>
    </message>
    <message>
        <source>claimed by harvester {detail}</source>
        <translation>preso dal raccoglitore {detail}</translation>
    </message>
    <message>
        <source>crawl started</source>
        <translation>raccolta avviata</translation>
    </message>
    <message>
        <source>reported by the harvester</source>
        <translation>riportato dal raccoglitore</translation>
    </message>
    <message>
        <source>ended: {detail}</source>
        <translation>terminato: {detail}</translation>
    </message>
    <message>
        <source>resubmitted as job {detail}</source>
        <translation>reinviato come job {detail}</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Ora</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Stato</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Dimensione</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>MIME type</source>
        <translation>Tipo MIME</translation>
    </message>
    <message>
        <source>Referrer</source>
        <translation>Referrer</translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>Annotazioni</translation>
    </message>
    <message>
        <source>The archive holds no metadata file of this job ({file}) yet.</source>
        <translation>L&apos;archivio non contiene ancora un file di metadati di questo job ({file}).</translation>
    </message>
    <message>
        <source>The job&apos;s files cannot be listed: {reason}</source>
        <translation>Impossibile elencare i file del job: {reason}</translation>
    </message>
    <message>
        <source>The metadata file arrived damaged (its checksum differs).</source>
        <translation>Il file dei metadati è arrivato danneggiato (checksum diverso).</translation>
    </message>
    <message>
        <source>The metadata file cannot be read.</source>
        <translation>Il file dei metadati non può essere letto.</translation>
    </message>
    <message>
        <source>The metadata file is too large to show.</source>
        <translation>Il file dei metadati è troppo grande da mostrare.</translation>
    </message>
    <message>
        <source>The archive did not hand out the metadata file.</source>
        <translation>L&apos;archivio non ha fornito il file dei metadati.</translation>
    </message>
    <message>
        <source>Not a status filter: {text} (use e.g. 200, 4xx, -2 or &lt;0).</source>
        <translation>Filtro di stato non valido: {text} (ad es. 200, 4xx, -2 o &lt;0).</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Reinviato come job {id}</translation>
    </message>
    <message>
        <source>No QA service answers here.</source>
        <translation>Nessun servizio di QA risponde qui.</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>nessun limite</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Dominio</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configurazione</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Oggetti</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Byte</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Motivo di arresto</translation>
    </message>
    <message>
        <source>Deduplicated</source>
        <translation>Deduplicati</translation>
    </message>
    <message>
        <source>Space saved</source>
        <translation>Spazio risparmiato</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Oggetti max</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Byte max</translation>
    </message>
</context>
<context>
    <name>JobDetailsScreen</name>
    <message>
        <source>Job details</source>
        <extracomment>set by the frame when an archive browser is there to open (else the button is hidden)</extracomment>
        <translation>Dettagli del job</translation>
    </message>
    <message>
        <source>What one job did: its history, domains, crawl log, reports and files.</source>
        <translation>Cosa ha fatto un job: cronologia, domini, log, rapporti e file.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Apri</translation>
    </message>
    <message>
        <source>Resubmit</source>
        <translation>Reinvia</translation>
    </message>
    <message>
        <source>Only a failed or cancelled job can be resubmitted.</source>
        <translation>Solo un job fallito o annullato può essere reinviato.</translation>
    </message>
    <message>
        <source>Browse this job</source>
        <translation>Sfoglia questo job</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Esporta WACZ…</translation>
    </message>
    <message>
        <source>This job&apos;s files, index and pages as one WACZ file (ReplayWeb.page and pywb open it).</source>
        <translation>I file, l’indice e le pagine di questo job in un unico file WACZ (ReplayWeb.page e pywb lo aprono).</translation>
    </message>
    <message>
        <source>Status history:</source>
        <translation>Cronologia degli stati:</translation>
    </message>
    <message>
        <source>QA review…</source>
        <translation>Revisione QA…</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Panoramica</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domini</translation>
    </message>
    <message>
        <source>Crawl log</source>
        <translation>Log di raccolta</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>Rapporti</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>File</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Stato:</translation>
    </message>
    <message>
        <source>MIME type:</source>
        <translation>Tipo MIME:</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>e.g. 200, 4xx, &lt;0</source>
        <translation>ad es. 200, 4xx, &lt;0</translation>
    </message>
    <message>
        <source>e.g. image</source>
        <translation>ad es. image</translation>
    </message>
    <message>
        <source>e.g. */news/* or a part of the URL</source>
        <translation>ad es. */news/* o una parte dell&apos;URL</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filtra</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Precedente</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Successivo ▶</translation>
    </message>
    <message>
        <source>Choose a job on the Jobs screen, or type its number.</source>
        <translation>Scegli un job nella schermata Job o digita il suo numero.</translation>
    </message>
    <message>
        <source>Reading the job&apos;s crawl log and reports from the archive…</source>
        <translation>Lettura del log e dei rapporti del job dall&apos;archivio…</translation>
    </message>
    <message>
        <source>Job {id}</source>
        <translation>Job {id}</translation>
    </message>
    <message>
        <source>Job {id}, with its metadata and the originals of its revisits.</source>
        <translation>Job {id}, con i suoi metadati e gli originali delle sue rivisitazioni.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Job {id}: {status}</translation>
    </message>
    <message>
        <source>Outcome: {outcome}</source>
        <translation>Esito: {outcome}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Raccolta: {harvest}, esecuzione {run}, canale {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Profilo di raccolta: {profile}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Raccolto: %Ln oggetto, {bytes}</numerusform>
            <numerusform>Raccolti: %Ln oggetti, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deduplication: %Ln object(s) not stored again, {bytes} saved</source>
        <translation>
            <numerusform>Deduplicazione: %Ln oggetto non memorizzato di nuovo, {bytes} risparmiati</numerusform>
            <numerusform>Deduplicazione: %Ln oggetti non memorizzati di nuovo, {bytes} risparmiati</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln seed:</numerusform>
            <numerusform>%Ln seed:</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Motivi di arresto: {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Errore</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Errore di raccolta</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Errore di caricamento</translation>
    </message>
    <message>
        <source>QA: not checked yet.</source>
        <translation>QA: non ancora controllato.</translation>
    </message>
    <message>
        <source>QA: {summary}</source>
        <translation>QA: {summary}</translation>
    </message>
    <message>
        <source>Worst pages: {pages}</source>
        <translation>Pagine peggiori: {pages}</translation>
    </message>
    <message>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Dimensione</translation>
    </message>
    <message>
        <source>Checksum (MD5)</source>
        <translation>Checksum (MD5)</translation>
    </message>
    <message>
        <source>In {replica}</source>
        <translation>In {replica}</translation>
    </message>
    <message>
        <source>From {file}: {lines} crawl log lines, {reports} reports and logs.</source>
        <translation>Da {file}: {lines} righe di log, {reports} rapporti e log.</translation>
    </message>
    <message>
        <source>Lines {first}–{last} of {total} matching (of {all} in the crawl log)</source>
        <translation>Righe {first}–{last} di {total} trovate (di {all} nel log)</translation>
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
        <translation>Visualizzata</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Pagina</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Campione</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>QA score</source>
        <translation>Punteggio QA</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Captured</source>
        <translation>Acquisita</translation>
    </message>
    <message>
        <source>not captured</source>
        <translation>non acquisita</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) starting with {prefix}</source>
        <translation>
            <numerusform>%Ln pagina che inizia con {prefix}</numerusform>
            <numerusform>%Ln pagine che iniziano con {prefix}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s): seeds first</source>
        <translation>
            <numerusform>%Ln pagina: prima i seed</numerusform>
            <numerusform>%Ln pagine: prima i seed</numerusform>
        </translation>
    </message>
    <message>
        <source>The page list of job {job} is being made from its index…</source>
        <translation>L&apos;elenco delle pagine del job {job} viene creato dal suo indice…</translation>
    </message>
    <message>
        <source>Type the start of a URL: a host name, then a path if you like (example.dk/news/).</source>
        <translation>Scrivi l&apos;inizio di un URL: un nome host, poi un percorso se vuoi (example.dk/news/).</translation>
    </message>
    <message>
        <source>The page list cannot be shown: {reason}</source>
        <translation>L&apos;elenco delle pagine non può essere mostrato: {reason}</translation>
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
        <translation>Stato</translation>
    </message>
    <message>
        <source>Harvest</source>
        <translation>Raccolta</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Esecuzione</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canale</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Configurazioni</translation>
    </message>
    <message>
        <source>Expected objects</source>
        <translation>Oggetti previsti</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Creato</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Avviato</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Terminato</translation>
    </message>
    <message>
        <source>Harvester</source>
        <translation>Harvester</translation>
    </message>
    <message>
        <source>URIs done</source>
        <translation>URI completati</translation>
    </message>
    <message>
        <source>URIs queued</source>
        <translation>URI in coda</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Byte</translation>
    </message>
    <message>
        <source>URIs/s</source>
        <translation>URI/s</translation>
    </message>
    <message>
        <source>Crawler says</source>
        <translation>Messaggio del crawler</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Aggiornato</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Dominio</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configurazione</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Oggetti</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Motivo di arresto</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Every harvest job: running, done, failed; resubmit a failed one.</source>
        <translation>Tutti i job di raccolta: in corso, completati, falliti; reinvia un job fallito.</translation>
    </message>
    <message>
        <source>Running jobs:</source>
        <translation>Job in esecuzione:</translation>
    </message>
    <message>
        <source>any status</source>
        <translation>qualsiasi stato</translation>
    </message>
    <message>
        <source>Job id from</source>
        <translation>ID job da</translation>
    </message>
    <message>
        <source>Job id to</source>
        <translation>ID job a</translation>
    </message>
    <message>
        <source>Created to</source>
        <translation>Creato fino al</translation>
    </message>
    <message>
        <source>Created from</source>
        <translation>Creato dal</translation>
    </message>
    <message>
        <source>Apply filters</source>
        <translation>Applica i filtri</translation>
    </message>
    <message>
        <source>Resubmit failed job</source>
        <translation>Reinvia il job non riuscito</translation>
    </message>
    <message>
        <source>Cancel job…</source>
        <translation>Annulla job…</translation>
    </message>
    <message>
        <source>A queued job ends at once; a running one stops its crawl and keeps what it harvested.</source>
        <translation>Un job in coda termina subito; uno in esecuzione ferma il crawl e conserva ciò che ha raccolto.</translation>
    </message>
    <message>
        <source>Crawl log, reports and files…</source>
        <translation>Log, rapporti e file…</translation>
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
        <translation>ID job: {problem}</translation>
    </message>
    <message>
        <source>The first job id is larger than the last.</source>
        <translation>Il primo ID job è maggiore dell’ultimo.</translation>
    </message>
    <message>
        <source>The first date is after the last.</source>
        <translation>La prima data è successiva all’ultima.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Job {id}: {status}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Raccolta: {harvest}, esecuzione {run}, canale {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Profilo di raccolta: {profile}</translation>
    </message>
    <message>
        <source>Created {created}, started {started}, ended {ended}</source>
        <translation>Creato {created}, avviato {started}, terminato {ended}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Raccolto: %Ln oggetto, {bytes}</numerusform>
            <numerusform>Raccolti: %Ln oggetti, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln seed:</numerusform>
            <numerusform>%Ln seed:</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Motivi di arresto: {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Errore</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Errore di raccolta</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Errore di caricamento</translation>
    </message>
    <message>
        <source>Cancelling: asked {time}; the harvester stops at its next report.</source>
        <translation>Annullamento: richiesto il {time}; l’harvester si ferma al suo prossimo rapporto.</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Reinviato come job {id}</translation>
    </message>
    <message>
        <source>Cancel job {id}</source>
        <translation>Annulla il job {id}</translation>
    </message>
    <message>
        <source>Why (kept with the job; may be empty):</source>
        <translation>Perché (conservato con il job; può essere vuoto):</translation>
    </message>
</context>
<context>
    <name>LoginDialog</name>
    <message>
        <source>This cannot be empty.</source>
        <translation>Questo campo non può essere vuoto.</translation>
    </message>
    <message>
        <source>Give the broker as amqp://host:port (or amqps://host:port).</source>
        <translation>Indica il broker come amqp://host:porta (o amqps://host:porta).</translation>
    </message>
    <message>
        <source>Give the viewerproxy as http://host:port.</source>
        <translation>Indica il viewerproxy come http://host:porta.</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Accesso in corso…</translation>
    </message>
    <message>
        <source>Sign in to NetarchiveSuite</source>
        <translation>Accedi a NetarchiveSuite</translation>
    </message>
    <message>
        <source>User name:</source>
        <translation>Nome utente:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Password:</translation>
    </message>
    <message>
        <source>Remember me on this computer</source>
        <translation>Ricordami su questo computer</translation>
    </message>
    <message>
        <source>Keeps the user name and password in a file only you can read, where the nas command keeps them too (nas login). Sign out forgets them.</source>
        <translation>Conserva nome utente e password in un file leggibile solo da te, dove li conserva anche il comando nas (nas login). La disconnessione li dimentica.</translation>
    </message>
    <message>
        <source>Server settings</source>
        <translation>Impostazioni del server</translation>
    </message>
    <message>
        <source>Broker (RabbitMQ):</source>
        <translation>Broker (RabbitMQ):</translation>
    </message>
    <message>
        <source>Virtual host (environment):</source>
        <translation>Host virtuale (ambiente):</translation>
    </message>
    <message>
        <source>Viewerproxy address:</source>
        <translation>Indirizzo del viewerproxy:</translation>
    </message>
    <message>
        <source>as the viewerproxy service says</source>
        <translation>come indica il servizio viewerproxy</translation>
    </message>
    <message>
        <source>Empty: the desktop asks the viewerproxy service where it listens. Give http://host:port only where this computer reaches the proxy at another address.</source>
        <translation>Vuoto: l&apos;applicazione chiede al servizio viewerproxy dove è in ascolto. Indicare http://host:porta solo dove questo computer raggiunge il proxy a un altro indirizzo.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Accedi</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Curate: start here</source>
        <translation>Curatela: inizia qui</translation>
    </message>
    <message>
        <source>Operate</source>
        <translation>Gestione</translation>
    </message>
    <message>
        <source>Quality assurance</source>
        <translation>Controllo qualità</translation>
    </message>
    <message>
        <source>NetarchiveSuite</source>
        <translation>NetarchiveSuite</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;File</translation>
    </message>
    <message>
        <source>&amp;Connection settings…</source>
        <translation>Impostazioni di &amp;connessione…</translation>
    </message>
    <message>
        <source>&amp;Sign out / switch user…</source>
        <translation>&amp;Esci / cambia utente…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Esci</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Visualizza</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Aggiorna</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Lingua</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Guida</translation>
    </message>
    <message>
        <source>&amp;About NetarchiveSuite</source>
        <translation>&amp;Informazioni su NetarchiveSuite</translation>
    </message>
    <message>
        <source>Waiting for the services…</source>
        <translation>In attesa dei servizi…</translation>
    </message>
    <message>
        <source>Signed in as {who} ({roles}): {where}</source>
        <translation>Accesso come {who} ({roles}): {where}</translation>
    </message>
    <message>
        <source>Signed in as {who}: {where}</source>
        <translation>Accesso come {who}: {where}</translation>
    </message>
    <message>
        <source>Connecting: {where}</source>
        <translation>Connessione: {where}</translation>
    </message>
    <message>
        <source>Not connected: {where}</source>
        <translation>Non connesso: {where}</translation>
    </message>
    <message>
        <source>About NetarchiveSuite</source>
        <translation>Informazioni su NetarchiveSuite</translation>
    </message>
    <message>
        <source>NetarchiveSuite desktop client, version {version}.
A web-archiving suite for national libraries.</source>
        <translation>Client desktop di NetarchiveSuite, versione {version}.
Una suite di archiviazione del web per le biblioteche nazionali.</translation>
    </message>
</context>
<context>
    <name>Notifications</name>
    <message>
        <source>information</source>
        <translation>informazione</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>avviso</translation>
    </message>
    <message>
        <source>error</source>
        <translation>errore</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>critico</translation>
    </message>
    <message>
        <source>open</source>
        <translation>aperta</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>presa in carico</translation>
    </message>
    <message>
        <source>resolved</source>
        <translation>risolta</translation>
    </message>
    <message>
        <source>No notifier service answers: notifications cannot be shown.</source>
        <translation>Nessun servizio di notifica risponde: le notifiche non possono essere mostrate.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) resolved.</source>
        <translation>Notifica {id} ({code}) risolta.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) acknowledged.</source>
        <translation>Notifica {id} ({code}) presa in carico.</translation>
    </message>
</context>
<context>
    <name>NotificationsPanel</name>
    <message>
        <source>Severity</source>
        <translation>Gravità</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Istanza</translation>
    </message>
    <message>
        <source>Concerns</source>
        <translation>Riguarda</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Messaggio</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>Volte</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Visto l’ultima volta</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stato</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>Presa in carico da</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>Prendi in carico</translation>
    </message>
    <message>
        <source>I have seen it: mark the selected notifications acknowledged (repeats are still counted on them).</source>
        <translation>L’ho vista: segna le notifiche selezionate come prese in carico (le ripetizioni vengono ancora contate).</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>Risolvi</translation>
    </message>
    <message>
        <source>The cause is gone: the next occurrence notifies anew.</source>
        <translation>La causa è stata eliminata: la prossima occorrenza notifica di nuovo.</translation>
    </message>
    <message numerus="yes">
        <source>Notifications: %Ln open</source>
        <translation>
            <numerusform>Notifiche: %Ln aperta</numerusform>
            <numerusform>Notifiche: %Ln aperte</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln acknowledged.</source>
        <translation>
            <numerusform>%Ln presa in carico.</numerusform>
            <numerusform>%Ln prese in carico.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverviewScreen</name>
    <message>
        <source>Instance</source>
        <translation>Istanza</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Servizio</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>State</source>
        <translation>Stato</translation>
    </message>
    <message>
        <source>Last heartbeat</source>
        <translation>Ultimo heartbeat</translation>
    </message>
    <message>
        <source>Last heard</source>
        <translation>Ultimo segnale</translation>
    </message>
    <message>
        <source>Recent warnings</source>
        <translation>Avvisi recenti</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Motivo</translation>
    </message>
    <message>
        <source>Version</source>
        <translation>Versione</translation>
    </message>
    <message>
        <source>PID</source>
        <translation>PID</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Ora</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Livello</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Messaggio</translation>
    </message>
    <message>
        <source>System overview</source>
        <translation>Panoramica del sistema</translation>
    </message>
    <message>
        <source>Every service instance and its warnings.</source>
        <translation>Ogni istanza di servizio e i suoi avvisi.</translation>
    </message>
    <message>
        <source>Recent warnings and errors (of the selected instance, or of all):</source>
        <translation>Avvisi ed errori recenti (dell’istanza selezionata o di tutte):</translation>
    </message>
    <message numerus="yes">
        <source>%Ln service instance(s)</source>
        <translation>
            <numerusform>%Ln istanza di servizio</numerusform>
            <numerusform>%Ln istanze di servizio</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln lost.</source>
        <translation>
            <numerusform>%Ln persa.</numerusform>
            <numerusform>%Ln perse.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfilesController</name>
    <message>
        <source>Paste or load a profile document.</source>
        <translation>Incolla o carica un documento del profilo.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} salvato.</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}</source>
        <translation>Impossibile scrivere {path}: {reason}</translation>
    </message>
</context>
<context>
    <name>ProfilesScreen</name>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Formato</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Attivo</translation>
    </message>
    <message>
        <source>Edition</source>
        <translation>Edizione</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Modificato</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Commenti</translation>
    </message>
    <message>
        <source>Crawl profiles</source>
        <translation>Profili di raccolta</translation>
    </message>
    <message>
        <source>How to crawl: the crawl profiles harvests use.</source>
        <translation>Come raccogliere: i profili usati dalle raccolte.</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Attiva</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Disattiva</translation>
    </message>
    <message>
        <source>Download…</source>
        <translation>Scarica…</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nome:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commenti:</translation>
    </message>
    <message>
        <source>Profile document (YAML or TOML):</source>
        <translation>Documento del profilo (YAML o TOML):</translation>
    </message>
    <message>
        <source>Load from file…</source>
        <translation>Carica da file…</translation>
    </message>
    <message>
        <source>Upload</source>
        <translation>Carica</translation>
    </message>
    <message>
        <source>the seeds</source>
        <translation>i seed</translation>
    </message>
    <message>
        <source>pages within {hops} link hops of a seed</source>
        <translation>le pagine entro {hops} salti di link da un seed</translation>
    </message>
    <message>
        <source>every HTML page</source>
        <translation>ogni pagina HTML</translation>
    </message>
    <message>
        <source>pages matching {count} URL patterns</source>
        <translation>le pagine che corrispondono a {count} modelli di URL</translation>
    </message>
    <message>
        <source>Browser capture: off (no page is rendered).</source>
        <translation>Cattura con browser: disattivata (nessuna pagina viene resa).</translation>
    </message>
    <message>
        <source>{pages} and {more}</source>
        <translation>{pages} e {more}</translation>
    </message>
    <message>
        <source>tabs: {n}</source>
        <translation>schede: {n}</translation>
    </message>
    <message>
        <source>{seconds} s a page</source>
        <translation>{seconds} s per pagina</translation>
    </message>
    <message>
        <source>scrolls (at most {n} times)</source>
        <translation>scorre (al massimo {n} volte)</translation>
    </message>
    <message>
        <source>no scrolling</source>
        <translation>nessuno scorrimento</translation>
    </message>
    <message>
        <source>clicks up to {n} buttons</source>
        <translation>clicca fino a {n} pulsanti</translation>
    </message>
    <message>
        <source>screenshots</source>
        <translation>schermate</translation>
    </message>
    <message>
        <source>text</source>
        <translation>testo</translation>
    </message>
    <message>
        <source>Browser capture: renders {pages}; {details}.</source>
        <translation>Cattura con browser: rende {pages}; {details}.</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Profilo di raccolta</translation>
    </message>
    <message>
        <source>Profiles (*.yaml *.yml *.toml);;All files (*)</source>
        <translation>Profili (*.yaml *.yml *.toml);;Tutti i file (*)</translation>
    </message>
    <message>
        <source>Could not read {path}: {reason}</source>
        <translation>Impossibile leggere {path}: {reason}</translation>
    </message>
    <message>
        <source>Save crawl profile</source>
        <translation>Salva il profilo di raccolta</translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>Annulla</translation>
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
        <translation>Accettabile</translation>
    </message>
    <message>
        <source>Broken</source>
        <translation>Rotta</translation>
    </message>
    <message>
        <source>QA has not checked this job yet.</source>
        <translation>La QA non ha ancora controllato questo job.</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>In coda</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>In corso</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Completata</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Fallita</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Annullata</translation>
    </message>
    <message numerus="yes">
        <source>Run {run} ({kind}): {state}, %Ln of {total} page(s) checked</source>
        <translation>
            <numerusform>Esecuzione {run} ({kind}): {state}, %Ln di {total} pagine controllate</numerusform>
            <numerusform>Esecuzione {run} ({kind}): {state}, %Ln di {total} pagine controllate</numerusform>
        </translation>
    </message>
    <message>
        <source>re-check</source>
        <translation>ricontrollo</translation>
    </message>
    <message>
        <source>full</source>
        <translation>completa</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) checked</source>
        <translation>
            <numerusform>%Ln pagina controllata</numerusform>
            <numerusform>%Ln pagine controllate</numerusform>
        </translation>
    </message>
    <message>
        <source>{share} complete</source>
        <translation>{share} complete</translation>
    </message>
    <message>
        <source>mean score {score}</source>
        <translation>punteggio medio {score}</translation>
    </message>
    <message>
        <source>verdicts {verdicts}</source>
        <translation>giudizi {verdicts}</translation>
    </message>
    <message>
        <source>Below the threshold of {threshold}.</source>
        <translation>Sotto la soglia del {threshold}.</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Punteggio</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Mancanti</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Giudizio</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Tipo</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Give a job number.</source>
        <translation>Indica un numero di job.</translation>
    </message>
    <message>
        <source>Verdict saved: {verdict} for {url}.</source>
        <translation>Giudizio salvato: {verdict} per {url}.</translation>
    </message>
    <message>
        <source>QA run {run} of job {job} is queued.</source>
        <translation>L&apos;esecuzione di QA {run} del job {job} è in coda.</translation>
    </message>
    <message numerus="yes">
        <source>Patch job {patch} harvests %Ln missing URL(s) of job {job}; its pages are checked again when it is done.</source>
        <translation>
            <numerusform>Il job di integrazione {patch} raccoglie %Ln URL mancante del job {job}; le sue pagine vengono ricontrollate quando è terminato.</numerusform>
            <numerusform>Il job di integrazione {patch} raccoglie %Ln URL mancanti del job {job}; le sue pagine vengono ricontrollate quando è terminato.</numerusform>
        </translation>
    </message>
    <message>
        <source>The running qa service cannot make patch jobs yet.</source>
        <translation>Il servizio di QA in esecuzione non sa ancora creare job di integrazione.</translation>
    </message>
</context>
<context>
    <name>QaReviewScreen</name>
    <message>
        <source>QA review</source>
        <translation>Revisione QA</translation>
    </message>
    <message>
        <source>Review how complete a job&apos;s archived pages are, worst first, and patch what is missing.</source>
        <translation>Verifica quanto sono complete le pagine archiviate di un job, le peggiori prima, e integra ciò che manca.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>job number</source>
        <translation>numero di job</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Mostra</translation>
    </message>
    <message>
        <source>Run QA</source>
        <translation>Avvia QA</translation>
    </message>
    <message>
        <source>Render every page of the job&apos;s page list from the archive and score it</source>
        <translation>Visualizza dall&apos;archivio ogni pagina dell&apos;elenco del job e assegnale un punteggio</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Annulla esecuzione</translation>
    </message>
    <message>
        <source>Patch missing</source>
        <translation>Integra i mancanti</translation>
    </message>
    <message>
        <source>Harvest the job&apos;s missing resources as a follow-up job of the same harvest, then check those pages again</source>
        <translation>Raccogli le risorse mancanti del job con un job successivo della stessa raccolta, poi ricontrolla quelle pagine</translation>
    </message>
    <message>
        <source>At crawl time</source>
        <translation>Al momento della raccolta</translation>
    </message>
    <message>
        <source>As replayed</source>
        <translation>Come riprodotta</translation>
    </message>
    <message>
        <source>Open in the archive browser</source>
        <translation>Apri nel browser dell&apos;archivio</translation>
    </message>
    <message>
        <source>Reviewer&apos;s verdict</source>
        <translation>Giudizio del revisore</translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation>Nota (facoltativa)</translation>
    </message>
    <message>
        <source>Save verdict</source>
        <translation>Salva giudizio</translation>
    </message>
    <message>
        <source>Give a job number to review its pages as QA scored them.</source>
        <translation>Indica un numero di job per rivederne le pagine come la QA le ha valutate.</translation>
    </message>
    <message>
        <source>Choose a page in the list.</source>
        <translation>Scegli una pagina nell&apos;elenco.</translation>
    </message>
    <message>
        <source>Missing resources</source>
        <translation>Risorse mancanti</translation>
    </message>
    <message>
        <source>Score {score}</source>
        <translation>Punteggio {score}</translation>
    </message>
    <message>
        <source>looks {score} alike</source>
        <translation>somiglia al {score}</translation>
    </message>
    <message>
        <source>text {score} alike</source>
        <translation>testo uguale al {score}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln resource(s) requested</source>
        <translation>
            <numerusform>%Ln risorsa richiesta</numerusform>
            <numerusform>%Ln risorse richieste</numerusform>
        </translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>caricata</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>tempo scaduto</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>bloccata</translation>
    </message>
    <message>
        <source>captured {when}</source>
        <translation>acquisita il {when}</translation>
    </message>
    <message>
        <source>Errors: {errors}</source>
        <translation>Errori: {errors}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing resource(s)</source>
        <translation>
            <numerusform>%Ln risorsa mancante</numerusform>
            <numerusform>%Ln risorse mancanti</numerusform>
        </translation>
    </message>
    <message>
        <source>{verdict} by {reviewer}, {when}</source>
        <translation>{verdict} da {reviewer}, {when}</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>caricamento…</translation>
    </message>
    <message>
        <source>no picture</source>
        <translation>nessuna immagine</translation>
    </message>
    <message>
        <source>Choose OK, Acceptable or Broken.</source>
        <translation>Scegli OK, Accettabile o Rotta.</translation>
    </message>
</context>
<context>
    <name>RoleGate</name>
    <message>
        <source>no roles</source>
        <translation>nessun ruolo</translation>
    </message>
    <message>
        <source>Needs the {role} role. You are signed in as {who} ({held}).</source>
        <translation>Richiede il ruolo {role}. Hai effettuato l’accesso come {who} ({held}).</translation>
    </message>
    <message>
        <source>Needs one of the roles {roles}. You are signed in as {who} ({held}).</source>
        <translation>Richiede uno dei ruoli {roles}. Hai effettuato l’accesso come {who} ({held}).</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message numerus="yes">
        <source>every %n hour(s)</source>
        <translation>
            <numerusform>ogni ora</numerusform>
            <numerusform>ogni %n ore</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n day(s)</source>
        <translation>
            <numerusform>ogni giorno</numerusform>
            <numerusform>ogni %n giorni</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n week(s)</source>
        <translation>
            <numerusform>ogni settimana</numerusform>
            <numerusform>ogni %n settimane</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n month(s)</source>
        <translation>
            <numerusform>ogni mese</numerusform>
            <numerusform>ogni %n mesi</numerusform>
        </translation>
    </message>
    <message>
        <source>on {weekday}</source>
        <translation>di {weekday}</translation>
    </message>
    <message>
        <source>on day {day}</source>
        <translation>il giorno {day}</translation>
    </message>
    <message>
        <source>at {time}</source>
        <translation>alle {time}</translation>
    </message>
    <message>
        <source>at minute {minute}</source>
        <translation>al minuto {minute}</translation>
    </message>
    <message numerus="yes">
        <source>%n time(s)</source>
        <translation>
            <numerusform>una volta</numerusform>
            <numerusform>%n volte</numerusform>
        </translation>
    </message>
    <message>
        <source>until {when}</source>
        <translation>fino al {when}</translation>
    </message>
</context>
<context>
    <name>SchedulesController</name>
    <message>
        <source>Not a valid schedule yet.</source>
        <translation>Non è ancora una pianificazione valida.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} salvato.</translation>
    </message>
</context>
<context>
    <name>SchedulesScreen</name>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Regola</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Commenti</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>Pianificazioni</translation>
    </message>
    <message>
        <source>When harvests run.</source>
        <translation>Quando vengono eseguite le raccolte.</translation>
    </message>
    <message>
        <source>New schedule</source>
        <translation>Nuova pianificazione</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>ore</translation>
    </message>
    <message>
        <source>days</source>
        <translation>giorni</translation>
    </message>
    <message>
        <source>weeks</source>
        <translation>settimane</translation>
    </message>
    <message>
        <source>months</source>
        <translation>mesi</translation>
    </message>
    <message>
        <source>any day</source>
        <translation>qualsiasi giorno</translation>
    </message>
    <message>
        <source>Monday</source>
        <translation>lunedì</translation>
    </message>
    <message>
        <source>Tuesday</source>
        <translation>martedì</translation>
    </message>
    <message>
        <source>Wednesday</source>
        <translation>mercoledì</translation>
    </message>
    <message>
        <source>Thursday</source>
        <translation>giovedì</translation>
    </message>
    <message>
        <source>Friday</source>
        <translation>venerdì</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>sabato</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>domenica</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nome:</translation>
    </message>
    <message>
        <source>Every:</source>
        <translation>Ogni:</translation>
    </message>
    <message>
        <source>Unit:</source>
        <translation>Unità:</translation>
    </message>
    <message>
        <source>At minute (0–59, optional):</source>
        <translation>Al minuto (0–59, facoltativo):</translation>
    </message>
    <message>
        <source>At hour (0–23, optional):</source>
        <translation>All’ora (0–23, facoltativo):</translation>
    </message>
    <message>
        <source>On weekday:</source>
        <translation>Nel giorno della settimana:</translation>
    </message>
    <message>
        <source>On day of month (1–31, optional):</source>
        <translation>Nel giorno del mese (1–31, facoltativo):</translation>
    </message>
    <message>
        <source>Start (ISO date and time with zone, empty: now):</source>
        <translation>Inizio (data e ora ISO con fuso, vuoto: adesso):</translation>
    </message>
    <message>
        <source>End (ISO date and time with zone, optional):</source>
        <translation>Fine (data e ora ISO con fuso, facoltativo):</translation>
    </message>
    <message>
        <source>Or end after this many runs:</source>
        <translation>Oppure termina dopo questo numero di esecuzioni:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commenti:</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salva</translation>
    </message>
    <message>
        <source>The next five runs, if a harvest used it from now:</source>
        <translation>Le prossime cinque esecuzioni, se una raccolta la usasse da adesso:</translation>
    </message>
</context>
<context>
    <name>Screen</name>
    <message>
        <source>The running {service} service does not offer &apos;{method}&apos; yet.</source>
        <extracomment>How often :meth:`poll` runs while the screen is visible (0: the screen shows nothing that changes by itself). One timer per screen, stopped while the screen is hidden, and a tick is skipped while the previous poll&apos;s calls are still out (docs/decisions/desktop-refresh.md).</extracomment>
        <translation>Il servizio {service} in esecuzione non offre ancora &apos;{method}&apos;.</translation>
    </message>
</context>
<context>
    <name>Search</name>
    <message>
        <source>Give job numbers and ranges, for example 1, 2, 5-9.</source>
        <translation>Indicare numeri di job e intervalli, per esempio 1, 2, 5-9.</translation>
    </message>
</context>
<context>
    <name>SearchScreen</name>
    <message>
        <source>Search</source>
        <translation>Cerca</translation>
    </message>
    <message>
        <source>Find archived pages, PDFs and texts by their words.</source>
        <translation>Trovare pagine, PDF e testi archiviati in base alle loro parole.</translation>
    </message>
    <message>
        <source>Words:</source>
        <translation>Parole:</translation>
    </message>
    <message>
        <source>Jobs:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Ordine:</translation>
    </message>
    <message>
        <source>words, &quot;a phrase&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</source>
        <translation>parole, &quot;una frase&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</translation>
    </message>
    <message>
        <source>job numbers, e.g. 1, 2, 5-9 (empty: every indexed job)</source>
        <translation>numeri di job, ad es. 1, 2, 5-9 (vuoto: tutti i job indicizzati)</translation>
    </message>
    <message>
        <source>most relevant first</source>
        <translation>prima i più pertinenti</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>prima i più recenti</translation>
    </message>
    <message>
        <source>oldest first</source>
        <translation>prima i più vecchi</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Pagina precedente</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Pagina successiva</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Esporta WACZ…</translation>
    </message>
    <message>
        <source>The captures of every hit&apos;s URL (up to the first 1,000 hits) in the jobs of the hits, as one WACZ file</source>
        <translation>Le catture dell’URL di ogni risultato (fino ai primi 1.000) nei job dei risultati, in un unico file WACZ</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Ricerca in corso…</translation>
    </message>
    <message>
        <source>No hits for {query}.</source>
        <translation>Nessun risultato per {query}.</translation>
    </message>
    <message>
        <source>Hits {first}–{last} of {total} in jobs {jobs}.</source>
        <translation>Risultati {first}–{last} di {total} nei job {jobs}.</translation>
    </message>
    <message>
        <source>Not searched yet: jobs {jobs} (their index is being made; search again).</source>
        <translation>Non ancora cercati: job {jobs} (il loro indice è in preparazione; cercare di nuovo).</translation>
    </message>
    <message>
        <source>revisit</source>
        <translation>rivisita</translation>
    </message>
    <message>
        <source>job {job}</source>
        <translation>job {job}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domini</translation>
    </message>
    <message>
        <source>Years</source>
        <translation>Anni</translation>
    </message>
    <message>
        <source>Types</source>
        <translation>Tipi</translation>
    </message>
    <message>
        <source>The captures of the URLs found by {query} (the first 1,000 hits at most), in the jobs of the hits.</source>
        <translation>Le catture degli URL trovati da {query} (al massimo i primi 1.000 risultati), nei job dei risultati.</translation>
    </message>
</context>
<context>
    <name>ServerText</name>
    <message>
        <source>Cancelled by a curator: {reason}</source>
        <translation>Annullato da un curatore: {reason}</translation>
    </message>
    <message>
        <source>Cancelled by a curator.</source>
        <translation>Annullato da un curatore.</translation>
    </message>
    <message>
        <source>No word from the harvester within the job time-out: marked failed.</source>
        <translation>Nessuna notizia dall&apos;harvester entro il tempo limite del job: segnato come fallito.</translation>
    </message>
    <message>
        <source>Nothing was harvested: no object was fetched for any of the job&apos;s domains.</source>
        <translation>Non è stato raccolto nulla: nessun oggetto è stato scaricato per i domini del job.</translation>
    </message>
    <message>
        <source>The harvest failed: {error}</source>
        <translation>La raccolta è fallita: {error}</translation>
    </message>
    <message>
        <source>The upload to the archive failed: {error}</source>
        <translation>Il caricamento nell&apos;archivio è fallito: {error}</translation>
    </message>
    <message>
        <source>The {kind} audit {audit} of replica {replica} found {missing}, {corrupt} and {disputed}.</source>
        <translation>La verifica {audit} ({kind}) della replica {replica} ha trovato {missing}, {corrupt} e {disputed}.</translation>
    </message>
    <message numerus="yes">
        <source>%n missing file(s)</source>
        <translation>
            <numerusform>%n file mancante</numerusform>
            <numerusform>%n file mancanti</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n corrupt file(s)</source>
        <translation>
            <numerusform>%n file corrotto</numerusform>
            <numerusform>%n file corrotti</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n disputed file(s)</source>
        <translation>
            <numerusform>%n file contestato</numerusform>
            <numerusform>%n file contestati</numerusform>
        </translation>
    </message>
    <message>
        <source>{instance} ({service} on {host}) has sent no heartbeat for {age}.</source>
        <translation>{instance} ({service} su {host}) non invia segnali di vita da {age}.</translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n secondo</numerusform>
            <numerusform>%n secondi</numerusform>
        </translation>
    </message>
    <message>
        <source>{file} could not be stored in {replicas}.</source>
        <translation>{file} non è stato possibile memorizzarlo in {replicas}.</translation>
    </message>
    <message>
        <source>a replica</source>
        <translation>una replica</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new files (replica {replica}).</source>
        <translation>{instance} ha poco spazio libero su disco e non accetta nuovi file (replica {replica}).</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new jobs (channel {channel}).</source>
        <translation>{instance} ha poco spazio libero su disco e non prende nuovi job (canale {channel}).</translation>
    </message>
    <message>
        <source>Job {id} failed. {reason}</source>
        <translation>Il job {id} è fallito. {reason}</translation>
    </message>
    <message>
        <source>Harvest definition {id} could not be scheduled and was deactivated: {error}</source>
        <translation>La definizione di raccolta {id} non è stata pianificata ed è stata disattivata: {error}</translation>
    </message>
    <message>
        <source>Audit found damage</source>
        <translation>La verifica ha trovato danni</translation>
    </message>
    <message>
        <source>Instance lost</source>
        <translation>Istanza persa</translation>
    </message>
    <message>
        <source>Store failed</source>
        <translation>Memorizzazione fallita</translation>
    </message>
    <message>
        <source>Upload failed</source>
        <translation>Caricamento fallito</translation>
    </message>
    <message>
        <source>Disk space low</source>
        <translation>Poco spazio su disco</translation>
    </message>
    <message>
        <source>Job failed</source>
        <translation>Job fallito</translation>
    </message>
    <message>
        <source>Definition deactivated</source>
        <translation>Definizione disattivata</translation>
    </message>
    <message>
        <source>replica {replica} does not hold the file (re-establish it instead)</source>
        <translation>la replica {replica} non contiene il file (ripristinarlo invece)</translation>
    </message>
    <message>
        <source>the copy equals the reference: nothing to replace</source>
        <translation>la copia è uguale al riferimento: niente da sostituire</translation>
    </message>
    <message>
        <source>no other replica holds a copy equal to the reference</source>
        <translation>nessun'altra replica ha una copia uguale al riferimento</translation>
    </message>
    <message>
        <source>other copies agree with this one against the reference: a person must decide</source>
        <translation>altre copie concordano con questa contro il riferimento: deve decidere una persona</translation>
    </message>
    <message>
        <source>QA of job {id}: {complete} of {checked} pages complete, below the threshold of {threshold} %.</source>
        <translation>QA del job {id}: {complete} pagine complete su {checked}, sotto la soglia del {threshold} %.</translation>
    </message>
    <message>
        <source>QA incomplete</source>
        <translation>QA incompleta</translation>
    </message>
</context>
<context>
    <name>SignIn</name>
    <message>
        <source>The user name or password was refused.</source>
        <extracomment>what shared.client.Unreachable says when RabbitMQ refuses the user name or password</extracomment>
        <translation>Il nome utente o la password sono stati rifiutati.</translation>
    </message>
    <message>
        <source>The broker at {where} cannot be reached. Check the server settings, or try again later.</source>
        <translation>Il broker su {where} non è raggiungibile. Controlla le impostazioni del server o riprova più tardi.</translation>
    </message>
    <message>
        <source>The services do not know the user {user}. Ask an administrator to add you.</source>
        <translation>I servizi non conoscono l’utente {user}. Chiedi a un amministratore di aggiungerti.</translation>
    </message>
    <message>
        <source>The user {user} is disabled. Ask an administrator.</source>
        <translation>L’utente {user} è disattivato. Rivolgiti a un amministratore.</translation>
    </message>
    <message>
        <source>The services refuse to work for {user}.</source>
        <translation>I servizi si rifiutano di lavorare per {user}.</translation>
    </message>
</context>
<context>
    <name>TrapsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} salvato.</translation>
    </message>
</context>
<context>
    <name>TrapsScreen</name>
    <message>
        <source>Name</source>
        <translation>Nome</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Attivo</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Descrizione</translation>
    </message>
    <message>
        <source>Expressions</source>
        <translation>Espressioni</translation>
    </message>
    <message numerus="yes">
        <source>%Ln expression(s)</source>
        <translation>
            <numerusform>%Ln espressione</numerusform>
            <numerusform>%Ln espressioni</numerusform>
        </translation>
    </message>
    <message>
        <source>Global crawler traps</source>
        <translation>Trappole per crawler globali</translation>
    </message>
    <message>
        <source>URL patterns no harvest should follow.</source>
        <translation>Schemi di URL che nessuna raccolta deve seguire.</translation>
    </message>
    <message>
        <source>New trap list</source>
        <translation>Nuovo elenco di trappole</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nome:</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>Descrizione:</translation>
    </message>
    <message>
        <source>Active:</source>
        <translation>Attivo:</translation>
    </message>
    <message>
        <source>Regular expressions (one a line):</source>
        <translation>Espressioni regolari (una per riga):</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Salva</translation>
    </message>
</context>
<context>
    <name>UnavailablePanel</name>
    <message>
        <source>Service not available: {service}</source>
        <translation>Servizio non disponibile: {service}</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Riprova</translation>
    </message>
</context>
<context>
    <name>Vocabulary</name>
    <message>
        <source>starting</source>
        <translation>in avvio</translation>
    </message>
    <message>
        <source>running</source>
        <translation>in esecuzione</translation>
    </message>
    <message>
        <source>dormant</source>
        <translation>inattivo</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>in arresto</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>fermato</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>perso</translation>
    </message>
    <message>
        <source>new</source>
        <translation>nuovo</translation>
    </message>
    <message>
        <source>done</source>
        <translation>completato</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>non riuscito</translation>
    </message>
    <message>
        <source>resubmitted</source>
        <translation>reinviato</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>in coda</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completato</translation>
    </message>
    <message>
        <source>object limit reached</source>
        <translation>limite di oggetti raggiunto</translation>
    </message>
    <message>
        <source>size limit reached</source>
        <translation>limite di dimensione raggiunto</translation>
    </message>
    <message>
        <source>configuration size limit reached</source>
        <translation>limite di dimensione della configurazione raggiunto</translation>
    </message>
    <message>
        <source>configuration object limit reached</source>
        <translation>limite di oggetti della configurazione raggiunto</translation>
    </message>
    <message>
        <source>time limit reached</source>
        <translation>limite di tempo raggiunto</translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation>incompiuto</translation>
    </message>
    <message>
        <source>no seed could be fetched</source>
        <translation>nessun seed è stato scaricato</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annullato</translation>
    </message>
    <message>
        <source>harvested</source>
        <translation>raccolto</translation>
    </message>
    <message>
        <source>partly harvested</source>
        <translation>raccolto in parte</translation>
    </message>
    <message>
        <source>nothing harvested</source>
        <translation>niente raccolto</translation>
    </message>
    <message>
        <source>not stored</source>
        <translation>non salvato</translation>
    </message>
    <message>
        <source>storing</source>
        <translation>salvataggio in corso</translation>
    </message>
    <message>
        <source>stored, not yet confirmed</source>
        <translation>salvato, non ancora confermato</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>salvato</translation>
    </message>
    <message>
        <source>storing failed</source>
        <translation>salvataggio fallito</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>selettiva</translation>
    </message>
    <message>
        <source>event</source>
        <translation>evento</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>snapshot</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>avviso</translation>
    </message>
    <message>
        <source>error</source>
        <translation>errore</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>critico</translation>
    </message>
</context>
<context>
    <name>WaczDialog</name>
    <message>
        <source>Export WACZ</source>
        <translation>Esporta WACZ</translation>
    </message>
    <message>
        <source>Web archive collections (*.wacz)</source>
        <translation>Raccolte di archivi web (*.wacz)</translation>
    </message>
    <message>
        <source>Cancel export</source>
        <translation>Annulla l’esportazione</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Chiudi</translation>
    </message>
    <message>
        <source>To {file}</source>
        <translation>In {file}</translation>
    </message>
    <message>
        <source>Asking the archive…</source>
        <translation>Interrogazione dell’archivio…</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} di {total}</translation>
    </message>
    <message>
        <source>Writing {file}</source>
        <translation>Scrittura di {file}</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Annullamento…</translation>
    </message>
</context>
<context>
    <name>WaczExport</name>
    <message>
        <source>The search has no hits to export.</source>
        <translation>La ricerca non ha risultati da esportare.</translation>
    </message>
    <message>
        <source>Search: {query}</source>
        <translation>Ricerca: {query}</translation>
    </message>
    <message>
        <source>The file could not be written: {reason}</source>
        <translation>Impossibile scrivere il file: {reason}</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>L’esportazione è stata annullata; nessun file è stato scritto.</translation>
    </message>
    <message>
        <source>The export failed; no file was written. {reason}</source>
        <translation>L’esportazione non è riuscita; nessun file è stato scritto. {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Saved {file} ({size}): %Ln record(s).</source>
        <translation>
            <numerusform>Salvato {file} ({size}): %Ln record.</numerusform>
            <numerusform>Salvato {file} ({size}): %Ln record.</numerusform>
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
            <numerusform>%Ln contenuto rivisitato non ha l’originale nel pacchetto.</numerusform>
            <numerusform>%Ln contenuti rivisitati non hanno l’originale nel pacchetto.</numerusform>
        </translation>
    </message>
</context>
</TS>
