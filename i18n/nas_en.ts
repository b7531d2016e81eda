<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ArchiveBrowser</name>
    <message>
        <source>Choose the missing URLs to add.</source>
        <translation>Choose the missing URLs to add.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s) added to {list} of {domain}.</source>
        <translation>
            <numerusform>%Ln seed added to {list} of {domain}.</numerusform>
            <numerusform>%Ln seeds added to {list} of {domain}.</numerusform>
        </translation>
    </message>
    <message>
        <source>What the archive holds of this page cannot be read: {reason}</source>
        <translation>What the archive holds of this page cannot be read: {reason}</translation>
    </message>
    <message>
        <source>The other captures of this page cannot be listed: {reason}</source>
        <translation>The other captures of this page cannot be listed: {reason}</translation>
    </message>
    <message>
        <source>The other capture cannot be shown: {reason}</source>
        <translation>The other capture cannot be shown: {reason}</translation>
    </message>
    <message>
        <source>Asking the archive for it...</source>
        <translation>Asking the archive for it...</translation>
    </message>
    <message>
        <source>Downloading: {done} of {size}</source>
        <translation>Downloading: {done} of {size}</translation>
    </message>
    <message>
        <source>Downloading: {done}</source>
        <translation>Downloading: {done}</translation>
    </message>
    <message>
        <source>The download failed: {reason}</source>
        <translation>The download failed: {reason}</translation>
    </message>
    <message>
        <source>Saved {path} ({size}).</source>
        <translation>Saved {path} ({size}).</translation>
    </message>
    <message>
        <source>the archive&apos;s file server did not hand it out</source>
        <translation>the archive&apos;s file server did not hand it out</translation>
    </message>
    <message>
        <source>it arrived damaged (its checksum is not the archive&apos;s); nothing was saved</source>
        <translation>it arrived damaged (its checksum is not the archive&apos;s); nothing was saved</translation>
    </message>
    <message>
        <source>the file cannot be written</source>
        <translation>the file cannot be written</translation>
    </message>
    <message>
        <source>it was cancelled</source>
        <translation>it was cancelled</translation>
    </message>
</context>
<context>
    <name>ArchiveBrowserScreen</name>
    <message>
        <source>Archive browser</source>
        <translation>Archive browser</translation>
    </message>
    <message>
        <source>Browse what a job archived, and collect the URLs it missed.</source>
        <translation>Browse what a job archived, and collect the URLs it missed.</translation>
    </message>
    <message>
        <source>Jobs to browse:</source>
        <translation>Jobs to browse:</translation>
    </message>
    <message>
        <source>job numbers, e.g. 12 13</source>
        <translation>job numbers, e.g. 12 13</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation>Browse</translation>
    </message>
    <message>
        <source>Qt WebEngine is not installed here.</source>
        <translation>Qt WebEngine is not installed here.</translation>
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
        <translation>Record missing URLs</translation>
    </message>
    <message>
        <source>Refresh the list</source>
        <translation>Refresh the list</translation>
    </message>
    <message>
        <source>Domain (e.g. kb.dk)</source>
        <translation>Domain (e.g. kb.dk)</translation>
    </message>
    <message>
        <source>Seed list</source>
        <translation>Seed list</translation>
    </message>
    <message>
        <source>Add selected as seeds</source>
        <translation>Add selected as seeds</translation>
    </message>
    <message>
        <source>◀ Previous capture</source>
        <translation>◀ Previous capture</translation>
    </message>
    <message>
        <source>Next capture ▶</source>
        <translation>Next capture ▶</translation>
    </message>
    <message>
        <source>Download record</source>
        <translation>Download record</translation>
    </message>
    <message>
        <source>Save this page&apos;s record, as the archive stores it</source>
        <translation>Save this page&apos;s record, as the archive stores it</translation>
    </message>
    <message>
        <source>Download file</source>
        <translation>Download file</translation>
    </message>
    <message>
        <source>Save the whole archive file that holds this page&apos;s record</source>
        <translation>Save the whole archive file that holds this page&apos;s record</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Export WACZ…</translation>
    </message>
    <message>
        <source>The jobs of this session as one WACZ file</source>
        <translation>The jobs of this session as one WACZ file</translation>
    </message>
    <message>
        <source>Pages of the job</source>
        <translation>Pages of the job</translation>
    </message>
    <message>
        <source>Seeds first, then the pages the browser rendered, then the other HTML pages. Click one to show it as archived.</source>
        <translation>Seeds first, then the pages the browser rendered, then the other HTML pages. Click one to show it as archived.</translation>
    </message>
    <message>
        <source>URL starts with… (example.dk/news/)</source>
        <translation>URL starts with… (example.dk/news/)</translation>
    </message>
    <message>
        <source>Job {job}</source>
        <translation>Job {job}</translation>
    </message>
    <message>
        <source>The jobs of this session ({jobs}), with their metadata and the originals of their revisits.</source>
        <translation>The jobs of this session ({jobs}), with their metadata and the originals of their revisits.</translation>
    </message>
    <message>
        <source>The page {url} is not shown: its certificate is not the viewerproxy&apos;s ({reason}). Close this tab and browse again: the new tab trusts the viewerproxy&apos;s current certificate.</source>
        <translation>The page {url} is not shown: its certificate is not the viewerproxy&apos;s ({reason}). Close this tab and browse again: the new tab trusts the viewerproxy&apos;s current certificate.</translation>
    </message>
    <message>
        <source>Missing URLs</source>
        <translation>Missing URLs</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing URL(s)</source>
        <translation>
            <numerusform>%Ln missing URL</numerusform>
            <numerusform>%Ln missing URLs</numerusform>
        </translation>
    </message>
    <message>
        <source>Record missing URLs ({count})</source>
        <translation>Record missing URLs ({count})</translation>
    </message>
    <message>
        <source>Asked for by {referrer}</source>
        <translation>Asked for by {referrer}</translation>
    </message>
    <message>
        <source>Not in the archive</source>
        <translation>Not in the archive</translation>
    </message>
    <message>
        <source>Captured {when}</source>
        <translation>Captured {when}</translation>
    </message>
    <message>
        <source>Record: {file} at offset {offset}</source>
        <translation>Record: {file} at offset {offset}</translation>
    </message>
    <message>
        <source>Earlier capture: {when}</source>
        <translation>Earlier capture: {when}</translation>
    </message>
    <message>
        <source>Later capture: {when}</source>
        <translation>Later capture: {when}</translation>
    </message>
    <message>
        <source>capture {n} of {count}</source>
        <translation>capture {n} of {count}</translation>
    </message>
    <message>
        <source>Save the record</source>
        <translation>Save the record</translation>
    </message>
    <message>
        <source>Save the archive file</source>
        <translation>Save the archive file</translation>
    </message>
    <message>
        <source>The viewerproxy cannot be reached, so no archived page can be shown (nothing is fetched from the live web): {reason}</source>
        <translation>The viewerproxy cannot be reached, so no archived page can be shown (nothing is fetched from the live web): {reason}</translation>
    </message>
</context>
<context>
    <name>BitIntegrity</name>
    <message>
        <source>file list</source>
        <translation>file list</translation>
    </message>
    <message>
        <source>checksums</source>
        <translation>checksums</translation>
    </message>
    <message>
        <source>salted challenge</source>
        <translation>salted challenge</translation>
    </message>
    <message>
        <source>reestablish missing</source>
        <translation>reestablish missing</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>queued</translation>
    </message>
    <message>
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <source>done</source>
        <translation>done</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>missing</translation>
    </message>
    <message>
        <source>corrupt</source>
        <translation>corrupt</translation>
    </message>
    <message>
        <source>disputed: a person must look</source>
        <translation>disputed: a person must look</translation>
    </message>
    <message>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Finding</translation>
    </message>
    <message>
        <source>Reference checksum</source>
        <translation>Reference checksum</translation>
    </message>
    <message>
        <source>Checksum in this replica</source>
        <translation>Checksum in this replica</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>Checked</translation>
    </message>
</context>
<context>
    <name>BitIntegrityScreen</name>
    <message>
        <source>Bit integrity</source>
        <translation>Bit integrity</translation>
    </message>
    <message>
        <source>Every replica&apos;s files checked: audits, missing and corrupt copies, repair.</source>
        <translation>Every replica&apos;s files checked: audits, missing and corrupt copies, repair.</translation>
    </message>
    <message>
        <source>Choose a replica to see its missing and corrupt copies.</source>
        <translation>Choose a replica to see its missing and corrupt copies.</translation>
    </message>
    <message>
        <source>Start audit</source>
        <translation>Start audit</translation>
    </message>
    <message>
        <source>Cancel audit</source>
        <translation>Cancel audit</translation>
    </message>
    <message>
        <source>Reestablish all missing</source>
        <translation>Reestablish all missing</translation>
    </message>
    <message>
        <source>Replace this corrupt copy…</source>
        <translation>Replace this corrupt copy…</translation>
    </message>
    <message>
        <source>Missing copies:</source>
        <translation>Missing copies:</translation>
    </message>
    <message>
        <source>Corrupt copies:</source>
        <translation>Corrupt copies:</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Replica</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Files</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Missing</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Corrupt</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Disputed</translation>
    </message>
    <message>
        <source>Old checksums</source>
        <translation>Old checksums</translation>
    </message>
    <message>
        <source>Oldest checksum</source>
        <translation>Oldest checksum</translation>
    </message>
    <message>
        <source>Last audit</source>
        <translation>Last audit</translation>
    </message>
    <message>
        <source>Replica {replica}</source>
        <translation>Replica {replica}</translation>
    </message>
    <message numerus="yes">
        <source>{kind} audit {id}: {state}; %Ln file(s) seen, {missing} missing, {corrupt} corrupt</source>
        <translation>
            <numerusform>{kind} audit {id}: {state}; %Ln file seen, {missing} missing, {corrupt} corrupt</numerusform>
            <numerusform>{kind} audit {id}: {state}; %Ln files seen, {missing} missing, {corrupt} corrupt</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy the %Ln missing file(s) back into {replica} from a good copy in another replica? Nothing is deleted; each copy is checked against the reference checksum.</source>
        <translation>
            <numerusform>Copy the %Ln missing file back into {replica} from a good copy in another replica? Nothing is deleted; each copy is checked against the reference checksum.</numerusform>
            <numerusform>Copy the %Ln missing files back into {replica} from a good copy in another replica? Nothing is deleted; each copy is checked against the reference checksum.</numerusform>
        </translation>
    </message>
    <message>
        <source>(partial: no answer from {instances})</source>
        <translation>(partial: no answer from {instances})</translation>
    </message>
    <message>
        <source>Choose a corrupt copy first.</source>
        <translation>Choose a corrupt copy first.</translation>
    </message>
    <message>
        <source>File: {name} in {replica}</source>
        <translation>File: {name} in {replica}</translation>
    </message>
    <message>
        <source>Checksum of the corrupt copy: {checksum}</source>
        <translation>Checksum of the corrupt copy: {checksum}</translation>
    </message>
    <message>
        <source>Reference checksum: {checksum}</source>
        <translation>Reference checksum: {checksum}</translation>
    </message>
    <message>
        <source>Good copy: {replica} ({checksum})</source>
        <translation>Good copy: {replica} ({checksum})</translation>
    </message>
    <message>
        <source>The corrupt copy is moved aside (kept, not deleted) and replaced by the good copy.</source>
        <translation>The corrupt copy is moved aside (kept, not deleted) and replaced by the good copy.</translation>
    </message>
    <message>
        <source>This copy cannot be replaced: {reason}</source>
        <translation>This copy cannot be replaced: {reason}</translation>
    </message>
    <message>
        <source>Replace this corrupt copy</source>
        <translation>Replace this corrupt copy</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Replace</translation>
    </message>
    <message>
        <source>Replaced {name} in {replica}; the old copy is kept at {attic}</source>
        <translation>Replaced {name} in {replica}; the old copy is kept at {attic}</translation>
    </message>
</context>
<context>
    <name>BrowseScope</name>
    <message>
        <source>The jobs to browse cannot be listed: {reason}</source>
        <translation>The jobs to browse cannot be listed: {reason}</translation>
    </message>
    <message>
        <source>{what}: no ended job to browse yet.</source>
        <translation>{what}: no ended job to browse yet.</translation>
    </message>
    <message numerus="yes">
        <source>{what}: the newest %Ln job(s) are browsed; older ones are left out.</source>
        <translation>
            <numerusform>{what}: the newest %Ln job is browsed; older ones are left out.</numerusform>
            <numerusform>{what}: the newest %Ln jobs are browsed; older ones are left out.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChannelsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>Saved {name}.</translation>
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
        <translation>Kind</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>snapshot</translation>
    </message>
    <message>
        <source>focused</source>
        <translation>focused</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Default</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Comments</translation>
    </message>
    <message>
        <source>Harvest channels</source>
        <translation>Harvest channels</translation>
    </message>
    <message>
        <source>Which harvester channel runs which kind of harvest.</source>
        <translation>Which harvester channel runs which kind of harvest.</translation>
    </message>
    <message>
        <source>Make default of its kind</source>
        <translation>Make default of its kind</translation>
    </message>
    <message>
        <source>New channel:</source>
        <translation>New channel:</translation>
    </message>
    <message>
        <source>For snapshot harvests:</source>
        <translation>For snapshot harvests:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Comments:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Create</translation>
    </message>
</context>
<context>
    <name>ChartsScreen</name>
    <message>
        <source>Charts</source>
        <translation>Charts</translation>
    </message>
    <message>
        <source>Jobs per day and status; bytes per run of a harvest.</source>
        <translation>Jobs per day and status; bytes per run of a harvest.</translation>
    </message>
    <message>
        <source>Jobs created in the last (days):</source>
        <translation>Jobs created in the last (days):</translation>
    </message>
    <message>
        <source>Bytes harvested per run of:</source>
        <translation>Bytes harvested per run of:</translation>
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
        <translation>Missing</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Corrupt</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Disputed</translation>
    </message>
    <message>
        <source>Not checked yet</source>
        <translation>Not checked yet</translation>
    </message>
    <message>
        <source>Copies per replica</source>
        <translation>Copies per replica</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Files</translation>
    </message>
    <message>
        <source>No replica health: {reason}</source>
        <translation>No replica health: {reason}</translation>
    </message>
    <message>
        <source>Every file should have an OK copy in every replica.</source>
        <translation>Every file should have an OK copy in every replica.</translation>
    </message>
    <message>
        <source>Size of the whole archive</source>
        <translation>Size of the whole archive</translation>
    </message>
    <message>
        <source>Archive size</source>
        <translation>Archive size</translation>
    </message>
    <message>
        <source>No archive growth: {reason}</source>
        <translation>No archive growth: {reason}</translation>
    </message>
    <message numerus="yes">
        <source>The archive holds %Ln file(s), {size}; {new} taken in these days.</source>
        <translation>
            <numerusform>The archive holds %Ln file, {size}; {new} taken in these days.</numerusform>
            <numerusform>The archive holds %Ln files, {size}; {new} taken in these days.</numerusform>
        </translation>
    </message>
    <message>
        <source>Jobs per status over time</source>
        <translation>Jobs per status over time</translation>
    </message>
    <message>
        <source>Bytes harvested</source>
        <translation>Bytes harvested</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Run %1</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Bytes harvested per run</source>
        <translation>Bytes harvested per run</translation>
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
        <translation>Connecting…</translation>
    </message>
    <message>
        <source>You are not signed in</source>
        <translation>You are not signed in</translation>
    </message>
    <message>
        <source>Cannot reach the services</source>
        <translation>Cannot reach the services</translation>
    </message>
    <message>
        <source>The services at {where} answer, but refuse to work for this user. Sign in as a user they know.</source>
        <translation>The services at {where} answer, but refuse to work for this user. Sign in as a user they know.</translation>
    </message>
    <message>
        <source>The application could not talk to the message broker at {where}. The services may be stopped, or the connection settings may be wrong. Nothing you saved is lost.</source>
        <translation>The application could not talk to the message broker at {where}. The services may be stopped, or the connection settings may be wrong. Nothing you saved is lost.</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
    <message>
        <source>Connection settings…</source>
        <translation>Connection settings…</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <source>Unexpected error</source>
        <translation>Unexpected error</translation>
    </message>
    <message>
        <source>Something went wrong that the application did not expect. Your saved work is safe on the server. Please copy the details below into a report to the people who run the system.</source>
        <translation>Something went wrong that the application did not expect. Your saved work is safe on the server. Please copy the details below into a report to the people who run the system.</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Copy details</translation>
    </message>
</context>
<context>
    <name>DomainsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>Saved {name}.</translation>
    </message>
    <message>
        <source>Give at least one seed.</source>
        <translation>Give at least one seed.</translation>
    </message>
    <message>
        <source>This domain has no seed list {names}.</source>
        <translation>This domain has no seed list {names}.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>line {line}: {text}</translation>
    </message>
    <message>
        <source>Ingest cancelled after line {line}.</source>
        <translation>Ingest cancelled after line {line}.</translation>
    </message>
    <message>
        <source>Ingest finished.</source>
        <translation>Ingest finished.</translation>
    </message>
    <message>
        <source>Created: {created}, already known: {existing}, duplicates: {duplicates}, invalid: {invalid}.</source>
        <translation>Created: {created}, already known: {existing}, duplicates: {duplicates}, invalid: {invalid}.</translation>
    </message>
    <message>
        <source>Invalid lines: {lines}</source>
        <translation>Invalid lines: {lines}</translation>
    </message>
</context>
<context>
    <name>DomainsScreen</name>
    <message>
        <source>no limit</source>
        <translation>no limit</translation>
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
        <translation>Alias of</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Name</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Crawl profile</translation>
    </message>
    <message>
        <source>Seed lists</source>
        <translation>Seed lists</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Max objects</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Max bytes</translation>
    </message>
    <message>
        <source>Requests/min</source>
        <translation>Requests/min</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Default</translation>
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
        <translation>User</translation>
    </message>
    <message>
        <source>Harvest</source>
        <translation>Harvest</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Job</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objects</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Stop reason</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Ended</translation>
    </message>
    <message>
        <source>History of {domain}</source>
        <translation>History of {domain}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domains</translation>
    </message>
    <message>
        <source>Start here: the domains to harvest, their seeds and configurations.</source>
        <translation>Start here: the domains to harvest, their seeds and configurations.</translation>
    </message>
    <message>
        <source>Search with * and ?, e.g. *.dk or kb*</source>
        <translation>Search with * and ?, e.g. *.dk or kb*</translation>
    </message>
    <message>
        <source>in names</source>
        <translation>in names</translation>
    </message>
    <message>
        <source>in comments</source>
        <translation>in comments</translation>
    </message>
    <message>
        <source>in crawler traps</source>
        <translation>in crawler traps</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <source>New domain:</source>
        <translation>New domain:</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Create</translation>
    </message>
    <message>
        <source>Mass ingest of a domain list…</source>
        <translation>Mass ingest of a domain list…</translation>
    </message>
    <message>
        <source>General</source>
        <translation>General</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Configurations</translation>
    </message>
    <message>
        <source>Crawler traps</source>
        <translation>Crawler traps</translation>
    </message>
    <message>
        <source>Owner info</source>
        <translation>Owner info</translation>
    </message>
    <message>
        <source>Site logins</source>
        <translation>Site logins</translation>
    </message>
    <message>
        <source>Harvest history</source>
        <translation>Harvest history</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Comments:</translation>
    </message>
    <message>
        <source>Alias of (domain):</source>
        <translation>Alias of (domain):</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <source>Browse this domain&apos;s history</source>
        <translation>Browse this domain&apos;s history</translation>
    </message>
    <message>
        <source>Opens the archive browser on every ended job of this domain&apos;s history: step through its captures</source>
        <translation>Opens the archive browser on every ended job of this domain&apos;s history: step through its captures</translation>
    </message>
    <message>
        <source>Seed list name:</source>
        <translation>Seed list name:</translation>
    </message>
    <message>
        <source>Seeds (one URL a line):</source>
        <translation>Seeds (one URL a line):</translation>
    </message>
    <message>
        <source>Save seed list</source>
        <translation>Save seed list</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Crawl profile:</source>
        <translation>Crawl profile:</translation>
    </message>
    <message>
        <source>Seed lists:</source>
        <translation>Seed lists:</translation>
    </message>
    <message>
        <source>Max objects:</source>
        <translation>Max objects:</translation>
    </message>
    <message>
        <source>Max bytes:</source>
        <translation>Max bytes:</translation>
    </message>
    <message>
        <source>Max requests a minute:</source>
        <translation>Max requests a minute:</translation>
    </message>
    <message>
        <source>Default configuration:</source>
        <translation>Default configuration:</translation>
    </message>
    <message>
        <source>Save configuration</source>
        <translation>Save configuration</translation>
    </message>
    <message>
        <source>Crawler traps (one regular expression a line):</source>
        <translation>Crawler traps (one regular expression a line):</translation>
    </message>
    <message>
        <source>Save crawler traps</source>
        <translation>Save crawler traps</translation>
    </message>
    <message>
        <source>New note:</source>
        <translation>New note:</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Add note</translation>
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
        <translation>User:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Password:</translation>
    </message>
    <message>
        <source>Add site login</source>
        <translation>Add site login</translation>
    </message>
    <message numerus="yes">
        <source>%Ln domain(s)</source>
        <translation>
            <numerusform>%Ln domain</numerusform>
            <numerusform>%Ln domains</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a domain on the left.</source>
        <translation>Choose a domain on the left.</translation>
    </message>
    <message>
        <source>{name} (edition {edition})</source>
        <translation>{name} (edition {edition})</translation>
    </message>
    <message>
        <source>Alias set {set}, to be confirmed again by {expires}.</source>
        <translation>Alias set {set}, to be confirmed again by {expires}.</translation>
    </message>
    <message>
        <source>Aliases of this domain: {aliases}</source>
        <translation>Aliases of this domain: {aliases}</translation>
    </message>
    <message>
        <source>(the domain&apos;s default)</source>
        <translation>(the domain&apos;s default)</translation>
    </message>
    <message>
        <source>(new seed list)</source>
        <translation>(new seed list)</translation>
    </message>
    <message>
        <source>Domain list to ingest</source>
        <translation>Domain list to ingest</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>Text files (*.txt);;All files (*)</translation>
    </message>
    <message>
        <source>Ingesting {file}…</source>
        <translation>Ingesting {file}…</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The service could not do this.</source>
        <translation>The service could not do this.</translation>
    </message>
    <message>
        <source>The input is not valid.</source>
        <translation>The input is not valid.</translation>
    </message>
    <message>
        <source>The configuration is not valid: {key}.</source>
        <translation>The configuration is not valid: {key}.</translation>
    </message>
    <message>
        <source>This name is not allowed: it must not contain &apos;/&apos;, &apos;..&apos; or control characters.</source>
        <translation>This name is not allowed: it must not contain &apos;/&apos;, &apos;..&apos; or control characters.</translation>
    </message>
    <message>
        <source>This is not a domain name that can be registered (for example kb.dk, not co.uk).</source>
        <translation>This is not a domain name that can be registered (for example kb.dk, not co.uk).</translation>
    </message>
    <message>
        <source>This URL is not valid or not allowed here.</source>
        <translation>This URL is not valid or not allowed here.</translation>
    </message>
    <message>
        <source>This regular expression is not valid (problem at position {position}).</source>
        <translation>This regular expression is not valid (problem at position {position}).</translation>
    </message>
    <message>
        <source>The crawl profile is not valid.</source>
        <translation>The crawl profile is not valid.</translation>
    </message>
    <message>
        <source>The schedule is not valid ({field}: {reason}).</source>
        <translation>The schedule is not valid ({field}: {reason}).</translation>
    </message>
    <message>
        <source>The WARC file cannot be read.</source>
        <translation>The WARC file cannot be read.</translation>
    </message>
    <message>
        <source>The WACZ package cannot be read or is damaged.</source>
        <translation>The WACZ package cannot be read or is damaged.</translation>
    </message>
    <message>
        <source>It does not exist (any more).</source>
        <translation>It does not exist (any more).</translation>
    </message>
    <message>
        <source>There is no such domain.</source>
        <translation>There is no such domain.</translation>
    </message>
    <message>
        <source>There is no such job.</source>
        <translation>There is no such job.</translation>
    </message>
    <message>
        <source>There is no such file in the archive.</source>
        <translation>There is no such file in the archive.</translation>
    </message>
    <message>
        <source>This clashes with the current state.</source>
        <translation>This clashes with the current state.</translation>
    </message>
    <message>
        <source>One with this name already exists.</source>
        <translation>One with this name already exists.</translation>
    </message>
    <message>
        <source>Someone else saved this in the meantime. Reload it and make your change again.</source>
        <translation>Someone else saved this in the meantime. Reload it and make your change again.</translation>
    </message>
    <message>
        <source>This change of state is not allowed (from {from} to {to}).</source>
        <translation>This change of state is not allowed (from {from} to {to}).</translation>
    </message>
    <message>
        <source>The job was cancelled by a curator.</source>
        <translation>The job was cancelled by a curator.</translation>
    </message>
    <message>
        <source>You are not allowed to do this.</source>
        <translation>You are not allowed to do this.</translation>
    </message>
    <message>
        <source>The permission was refused: the token is forged, expired, already used, or not for this action.</source>
        <translation>The permission was refused: the token is forged, expired, already used, or not for this action.</translation>
    </message>
    <message>
        <source>The content does not match its checksum.</source>
        <translation>The content does not match its checksum.</translation>
    </message>
    <message>
        <source>A needed service or resource does not answer. Try again later.</source>
        <translation>A needed service or resource does not answer. Try again later.</translation>
    </message>
    <message>
        <source>A replica of the archive does not answer. Try again later.</source>
        <translation>A replica of the archive does not answer. Try again later.</translation>
    </message>
    <message>
        <source>A service took too long to answer. Try again later.</source>
        <translation>A service took too long to answer. Try again later.</translation>
    </message>
    <message>
        <source>The archive has no room for more files.</source>
        <translation>The archive has no room for more files.</translation>
    </message>
    <message>
        <source>The file could not be stored in the archive.</source>
        <translation>The file could not be stored in the archive.</translation>
    </message>
    <message>
        <source>There is no such batch job.</source>
        <translation>There is no such batch job.</translation>
    </message>
    <message>
        <source>None of these jobs has data an index can be made from.</source>
        <translation>None of these jobs has data an index can be made from.</translation>
    </message>
    <message>
        <source>The index is not ready yet. Try again in a moment.</source>
        <translation>The index is not ready yet. Try again in a moment.</translation>
    </message>
    <message>
        <source>There is no such QA run.</source>
        <translation>There is no such QA run.</translation>
    </message>
    <message>
        <source>QA has not checked this page of the job.</source>
        <translation>QA has not checked this page of the job.</translation>
    </message>
    <message>
        <source>QA reads a job from the archive: the job must have finished first.</source>
        <translation>QA reads a job from the archive: the job must have finished first.</translation>
    </message>
    <message>
        <source>QA found nothing missing in this job: there is nothing to patch.</source>
        <translation>QA found nothing missing in this job: there is nothing to patch.</translation>
    </message>
    <message>
        <source>The installation description is not valid: see the problems listed.</source>
        <translation>The installation description is not valid: see the problems listed.</translation>
    </message>
    <message>
        <source>That notification does not exist (any more).</source>
        <translation>That notification does not exist (any more).</translation>
    </message>
    <message>
        <source>The copy&apos;s checksum is not the one you named as bad.</source>
        <translation>The copy&apos;s checksum is not the one you named as bad.</translation>
    </message>
    <message>
        <source>This copy equals the reference: there is nothing to repair.</source>
        <translation>This copy equals the reference: there is nothing to repair.</translation>
    </message>
    <message>
        <source>No other replica has a good copy to repair from.</source>
        <translation>No other replica has a good copy to repair from.</translation>
    </message>
    <message>
        <source>This browsing session no longer exists. Open the job again.</source>
        <translation>This browsing session no longer exists. Open the job again.</translation>
    </message>
    <message>
        <source>This browsing session was stopped. Open the job again.</source>
        <translation>This browsing session was stopped. Open the job again.</translation>
    </message>
    <message>
        <source>The services cannot be reached. Check the connection settings.</source>
        <translation>The services cannot be reached. Check the connection settings.</translation>
    </message>
    <message>
        <source>The service is not running.</source>
        <translation>The service is not running.</translation>
    </message>
    <message>
        <source>The service did not answer in time.</source>
        <translation>The service did not answer in time.</translation>
    </message>
    <message>
        <source>Something unexpected went wrong on the server.</source>
        <translation>Something unexpected went wrong on the server.</translation>
    </message>
    <message>
        <source>Something went wrong (error code: {code}).</source>
        <translation>Something went wrong (error code: {code}).</translation>
    </message>
    <message>
        <source>domain</source>
        <translation>domain</translation>
    </message>
    <message>
        <source>crawl profile</source>
        <translation>crawl profile</translation>
    </message>
    <message>
        <source>harvest definition</source>
        <translation>harvest definition</translation>
    </message>
    <message>
        <source>harvest channel</source>
        <translation>harvest channel</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>schedule</translation>
    </message>
    <message>
        <source>crawler trap list</source>
        <translation>crawler trap list</translation>
    </message>
    <message>
        <source>seed list</source>
        <translation>seed list</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>configuration</translation>
    </message>
    <message>
        <source>ingest run</source>
        <translation>ingest run</translation>
    </message>
    <message>
        <source>The seed {url} is outside the domain {domain}.</source>
        <translation>The seed {url} is outside the domain {domain}.</translation>
    </message>
    <message>
        <source>Only http and https URLs can be seeds: {url}</source>
        <translation>Only http and https URLs can be seeds: {url}</translation>
    </message>
    <message>
        <source>This URL has no host name: {url}</source>
        <translation>This URL has no host name: {url}</translation>
    </message>
    <message>
        <source>This is not a valid URL: {url}</source>
        <translation>This is not a valid URL: {url}</translation>
    </message>
    <message>
        <source>There is no domain {name}.</source>
        <translation>There is no domain {name}.</translation>
    </message>
    <message>
        <source>Not found: {object} &apos;{name}&apos;.</source>
        <translation>Not found: {object} &apos;{name}&apos;.</translation>
    </message>
    <message>
        <source>Already exists: {object} &apos;{name}&apos;.</source>
        <translation>Already exists: {object} &apos;{name}&apos;.</translation>
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
            <numerusform>%Ln second ago</numerusform>
            <numerusform>%Ln seconds ago</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>%Ln minute ago</numerusform>
            <numerusform>%Ln minutes ago</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HarvestsController</name>
    <message>
        <source>Line {line}: give a domain, and a configuration if not the default.</source>
        <translation>Line {line}: give a domain, and a configuration if not the default.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Give at least one domain.</translation>
    </message>
    <message>
        <source>Nothing to save: {name} is as shown.</source>
        <translation>Nothing to save: {name} is as shown.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>Saved {name}.</translation>
    </message>
    <message>
        <source>Not harvested: another scheduler is making its jobs right now.</source>
        <translation>Not harvested: another scheduler is making its jobs right now.</translation>
    </message>
    <message>
        <source>Run {run} failed: {reason}</source>
        <translation>Run {run} failed: {reason}</translation>
    </message>
    <message>
        <source>Run {run} of {name} is being made; its jobs appear on the jobs screen.</source>
        <translation>Run {run} of {name} is being made; its jobs appear on the jobs screen.</translation>
    </message>
    <message>
        <source>Job {id}: cancelling; the harvester stops at its next report.</source>
        <translation>Job {id}: cancelling; the harvester stops at its next report.</translation>
    </message>
    <message>
        <source>Job {id} cancelled.</source>
        <translation>Job {id} cancelled.</translation>
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
        <translation>Kind</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Active</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Schedule</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Channel</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Runs</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Next run</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Configurations</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problem</translation>
    </message>
    <message>
        <source>{name}, run {run}</source>
        <translation>{name}, run {run}</translation>
    </message>
    <message>
        <source>Choose a harvest definition in the list to see and change it.</source>
        <translation>Choose a harvest definition in the list to see and change it.</translation>
    </message>
    <message>
        <source>{name} ({kind}), {runs}</source>
        <translation>{name} ({kind}), {runs}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln run</numerusform>
            <numerusform>%Ln runs</numerusform>
        </translation>
    </message>
    <message>
        <source>Harvest definitions</source>
        <translation>Harvest definitions</translation>
    </message>
    <message>
        <source>What to harvest when: selective, event and snapshot harvests.</source>
        <translation>What to harvest when: selective, event and snapshot harvests.</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>All kinds</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>Selective</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Event</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>Snapshot</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Activate</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Deactivate</translation>
    </message>
    <message>
        <source>New selective harvest</source>
        <translation>New selective harvest</translation>
    </message>
    <message>
        <source>Chosen harvest</source>
        <translation>Chosen harvest</translation>
    </message>
    <message>
        <source>New event harvest</source>
        <translation>New event harvest</translation>
    </message>
    <message>
        <source>New snapshot harvest</source>
        <translation>New snapshot harvest</translation>
    </message>
    <message>
        <source>Max bytes per domain:</source>
        <translation>Max bytes per domain:</translation>
    </message>
    <message>
        <source>Max objects per domain:</source>
        <translation>Max objects per domain:</translation>
    </message>
    <message>
        <source>Max job running time in seconds:</source>
        <translation>Max job running time in seconds:</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>no limit</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Save changes</translation>
    </message>
    <message>
        <source>Harvest now</source>
        <translation>Harvest now</translation>
    </message>
    <message>
        <source>run </source>
        <translation>run </translation>
    </message>
    <message>
        <source>Browse this run</source>
        <translation>Browse this run</translation>
    </message>
    <message>
        <source>Opens the archive browser on the ended jobs of the chosen run</source>
        <translation>Opens the archive browser on the ended jobs of the chosen run</translation>
    </message>
    <message>
        <source>One run now, besides the schedule; its jobs appear on the jobs screen.</source>
        <translation>One run now, besides the schedule; its jobs appear on the jobs screen.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Harvest channel:</source>
        <translation>Harvest channel:</translation>
    </message>
    <message>
        <source>Schedule:</source>
        <translation>Schedule:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Comments:</translation>
    </message>
    <message>
        <source>Max bytes per domain (-1: no limit):</source>
        <translation>Max bytes per domain (-1: no limit):</translation>
    </message>
    <message>
        <source>Max objects per domain (-1: no limit):</source>
        <translation>Max objects per domain (-1: no limit):</translation>
    </message>
    <message>
        <source>Domains (one a line; &apos;domain configuration&apos; for another than the default):</source>
        <translation>Domains (one a line; &apos;domain configuration&apos; for another than the default):</translation>
    </message>
    <message>
        <source>URLs (one a line):</source>
        <translation>URLs (one a line):</translation>
    </message>
    <message>
        <source>Max job running time in seconds (0: no limit):</source>
        <translation>Max job running time in seconds (0: no limit):</translation>
    </message>
    <message>
        <source>Based on an earlier snapshot:</source>
        <translation>Based on an earlier snapshot:</translation>
    </message>
    <message>
        <source>Create selective harvest</source>
        <translation>Create selective harvest</translation>
    </message>
    <message>
        <source>Create event harvest</source>
        <translation>Create event harvest</translation>
    </message>
    <message>
        <source>Create snapshot harvest</source>
        <translation>Create snapshot harvest</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(none)</translation>
    </message>
    <message>
        <source>(default channel)</source>
        <translation>(default channel)</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>Saved {name}.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Give at least one domain.</translation>
    </message>
    <message>
        <source>Choose a schedule.</source>
        <translation>Choose a schedule.</translation>
    </message>
    <message>
        <source>Domains in this list (created if unknown): {domains}</source>
        <translation>Domains in this list (created if unknown): {domains}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) not a URL under a domain.</source>
        <translation>
            <numerusform>%Ln line is not a URL under a domain.</numerusform>
            <numerusform>%Ln lines are not URLs under a domain.</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste at least one URL.</source>
        <translation>Paste at least one URL.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>line {line}: {text}</translation>
    </message>
</context>
<context>
    <name>Inputs</name>
    <message>
        <source>Give a whole number.</source>
        <translation>Give a whole number.</translation>
    </message>
    <message>
        <source>Give a number of at least {minimum}.</source>
        <translation>Give a number of at least {minimum}.</translation>
    </message>
    <message>
        <source>Give a whole number of at least 0, or -1 (or nothing) for no limit.</source>
        <translation>Give a whole number of at least 0, or -1 (or nothing) for no limit.</translation>
    </message>
    <message>
        <source>Give a whole number of seconds, 0 (or nothing) for no limit.</source>
        <translation>Give a whole number of seconds, 0 (or nothing) for no limit.</translation>
    </message>
    <message>
        <source>This cannot be empty.</source>
        <translation>This cannot be empty.</translation>
    </message>
</context>
<context>
    <name>JobDetails</name>
    <message>
        <source>created</source>
        <translation>created</translation>
    </message>
    <message>
        <source>submitted to its channel</source>
        <translation>submitted to its channel</translation>
    </message>
    <message>
        <source>claimed by harvester {detail}</source>
        <translation>claimed by harvester {detail}</translation>
    </message>
    <message>
        <source>crawl started</source>
        <translation>crawl started</translation>
    </message>
    <message>
        <source>reported by the harvester</source>
        <translation>reported by the harvester</translation>
    </message>
    <message>
        <source>ended: {detail}</source>
        <translation>ended: {detail}</translation>
    </message>
    <message>
        <source>resubmitted as job {detail}</source>
        <translation>resubmitted as job {detail}</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Time</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Status</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Size</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>MIME type</source>
        <translation>MIME type</translation>
    </message>
    <message>
        <source>Referrer</source>
        <translation>Referrer</translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>Annotations</translation>
    </message>
    <message>
        <source>The archive holds no metadata file of this job ({file}) yet.</source>
        <translation>The archive holds no metadata file of this job ({file}) yet.</translation>
    </message>
    <message>
        <source>The job&apos;s files cannot be listed: {reason}</source>
        <translation>The job&apos;s files cannot be listed: {reason}</translation>
    </message>
    <message>
        <source>The metadata file arrived damaged (its checksum differs).</source>
        <translation>The metadata file arrived damaged (its checksum differs).</translation>
    </message>
    <message>
        <source>The metadata file cannot be read.</source>
        <translation>The metadata file cannot be read.</translation>
    </message>
    <message>
        <source>The metadata file is too large to show.</source>
        <translation>The metadata file is too large to show.</translation>
    </message>
    <message>
        <source>The archive did not hand out the metadata file.</source>
        <translation>The archive did not hand out the metadata file.</translation>
    </message>
    <message>
        <source>Not a status filter: {text} (use e.g. 200, 4xx, -2 or &lt;0).</source>
        <translation>Not a status filter: {text} (use e.g. 200, 4xx, -2 or &lt;0).</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Resubmitted as job {id}</translation>
    </message>
    <message>
        <source>No QA service answers here.</source>
        <translation>No QA service answers here.</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>no limit</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domain</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objects</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Bytes</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Stop reason</translation>
    </message>
    <message>
        <source>Deduplicated</source>
        <translation>Deduplicated</translation>
    </message>
    <message>
        <source>Space saved</source>
        <translation>Space saved</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Max objects</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Max bytes</translation>
    </message>
</context>
<context>
    <name>JobDetailsScreen</name>
    <message>
        <source>Job details</source>
        <extracomment>set by the frame when an archive browser is there to open (else the button is hidden)</extracomment>
        <translation>Job details</translation>
    </message>
    <message>
        <source>What one job did: its history, domains, crawl log, reports and files.</source>
        <translation>What one job did: its history, domains, crawl log, reports and files.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Open</translation>
    </message>
    <message>
        <source>Resubmit</source>
        <translation>Resubmit</translation>
    </message>
    <message>
        <source>Only a failed or cancelled job can be resubmitted.</source>
        <translation>Only a failed or cancelled job can be resubmitted.</translation>
    </message>
    <message>
        <source>Browse this job</source>
        <translation>Browse this job</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Export WACZ…</translation>
    </message>
    <message>
        <source>This job&apos;s files, index and pages as one WACZ file (ReplayWeb.page and pywb open it).</source>
        <translation>This job&apos;s files, index and pages as one WACZ file (ReplayWeb.page and pywb open it).</translation>
    </message>
    <message>
        <source>Status history:</source>
        <translation>Status history:</translation>
    </message>
    <message>
        <source>QA review…</source>
        <translation>QA review…</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Overview</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domains</translation>
    </message>
    <message>
        <source>Crawl log</source>
        <translation>Crawl log</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>Reports</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Files</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Status:</translation>
    </message>
    <message>
        <source>MIME type:</source>
        <translation>MIME type:</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL:</translation>
    </message>
    <message>
        <source>e.g. 200, 4xx, &lt;0</source>
        <translation>e.g. 200, 4xx, &lt;0</translation>
    </message>
    <message>
        <source>e.g. image</source>
        <translation>e.g. image</translation>
    </message>
    <message>
        <source>e.g. */news/* or a part of the URL</source>
        <translation>e.g. */news/* or a part of the URL</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filter</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Previous</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Next ▶</translation>
    </message>
    <message>
        <source>Choose a job on the Jobs screen, or type its number.</source>
        <translation>Choose a job on the Jobs screen, or type its number.</translation>
    </message>
    <message>
        <source>Reading the job&apos;s crawl log and reports from the archive…</source>
        <translation>Reading the job&apos;s crawl log and reports from the archive…</translation>
    </message>
    <message>
        <source>Job {id}</source>
        <translation>Job {id}</translation>
    </message>
    <message>
        <source>Job {id}, with its metadata and the originals of its revisits.</source>
        <translation>Job {id}, with its metadata and the originals of its revisits.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Job {id}: {status}</translation>
    </message>
    <message>
        <source>Outcome: {outcome}</source>
        <translation>Outcome: {outcome}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Harvest: {harvest}, run {run}, channel {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Crawl profile: {profile}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Harvested: %Ln object, {bytes}</numerusform>
            <numerusform>Harvested: %Ln objects, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deduplication: %Ln object(s) not stored again, {bytes} saved</source>
        <translation>
            <numerusform>Deduplication: %Ln object not stored again, {bytes} saved</numerusform>
            <numerusform>Deduplication: %Ln objects not stored again, {bytes} saved</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln seed:</numerusform>
            <numerusform>%Ln seeds:</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Stop reasons: {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Failure</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Harvest error</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Upload error</translation>
    </message>
    <message>
        <source>QA: not checked yet.</source>
        <translation>QA: not checked yet.</translation>
    </message>
    <message>
        <source>QA: {summary}</source>
        <translation>QA: {summary}</translation>
    </message>
    <message>
        <source>Worst pages: {pages}</source>
        <translation>Worst pages: {pages}</translation>
    </message>
    <message>
        <source>File</source>
        <translation>File</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Size</translation>
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
        <translation>From {file}: {lines} crawl log lines, {reports} reports and logs.</translation>
    </message>
    <message>
        <source>Lines {first}–{last} of {total} matching (of {all} in the crawl log)</source>
        <translation>Lines {first}–{last} of {total} matching (of {all} in the crawl log)</translation>
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
        <translation>Rendered</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Page</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Sample</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>QA score</source>
        <translation>QA score</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Captured</source>
        <translation>Captured</translation>
    </message>
    <message>
        <source>not captured</source>
        <translation>not captured</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) starting with {prefix}</source>
        <translation>
            <numerusform>%Ln page starting with {prefix}</numerusform>
            <numerusform>%Ln pages starting with {prefix}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s): seeds first</source>
        <translation>
            <numerusform>%Ln page: seeds first</numerusform>
            <numerusform>%Ln pages: seeds first</numerusform>
        </translation>
    </message>
    <message>
        <source>The page list of job {job} is being made from its index…</source>
        <translation>The page list of job {job} is being made from its index…</translation>
    </message>
    <message>
        <source>Type the start of a URL: a host name, then a path if you like (example.dk/news/).</source>
        <translation>Type the start of a URL: a host name, then a path if you like (example.dk/news/).</translation>
    </message>
    <message>
        <source>The page list cannot be shown: {reason}</source>
        <translation>The page list cannot be shown: {reason}</translation>
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
        <translation>Harvest</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Run</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Channel</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Configurations</translation>
    </message>
    <message>
        <source>Expected objects</source>
        <translation>Expected objects</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Created</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Started</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Ended</translation>
    </message>
    <message>
        <source>Harvester</source>
        <translation>Harvester</translation>
    </message>
    <message>
        <source>URIs done</source>
        <translation>URIs done</translation>
    </message>
    <message>
        <source>URIs queued</source>
        <translation>URIs queued</translation>
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
        <translation>Crawler says</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Updated</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domain</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objects</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Stop reason</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Jobs</translation>
    </message>
    <message>
        <source>Every harvest job: running, done, failed; resubmit a failed one.</source>
        <translation>Every harvest job: running, done, failed; resubmit a failed one.</translation>
    </message>
    <message>
        <source>Running jobs:</source>
        <translation>Running jobs:</translation>
    </message>
    <message>
        <source>any status</source>
        <translation>any status</translation>
    </message>
    <message>
        <source>Job id from</source>
        <translation>Job id from</translation>
    </message>
    <message>
        <source>Job id to</source>
        <translation>Job id to</translation>
    </message>
    <message>
        <source>Created to</source>
        <translation>Created to</translation>
    </message>
    <message>
        <source>Created from</source>
        <translation>Created from</translation>
    </message>
    <message>
        <source>Apply filters</source>
        <translation>Apply filters</translation>
    </message>
    <message>
        <source>Resubmit failed job</source>
        <translation>Resubmit failed job</translation>
    </message>
    <message>
        <source>Cancel job…</source>
        <translation>Cancel job…</translation>
    </message>
    <message>
        <source>A queued job ends at once; a running one stops its crawl and keeps what it harvested.</source>
        <translation>A queued job ends at once; a running one stops its crawl and keeps what it harvested.</translation>
    </message>
    <message>
        <source>Crawl log, reports and files…</source>
        <translation>Crawl log, reports and files…</translation>
    </message>
    <message numerus="yes">
        <source>%Ln job(s)</source>
        <translation>
            <numerusform>%Ln job</numerusform>
            <numerusform>%Ln jobs</numerusform>
        </translation>
    </message>
    <message>
        <source>Job id: {problem}</source>
        <translation>Job id: {problem}</translation>
    </message>
    <message>
        <source>The first job id is larger than the last.</source>
        <translation>The first job id is larger than the last.</translation>
    </message>
    <message>
        <source>The first date is after the last.</source>
        <translation>The first date is after the last.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Job {id}: {status}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Harvest: {harvest}, run {run}, channel {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Crawl profile: {profile}</translation>
    </message>
    <message>
        <source>Created {created}, started {started}, ended {ended}</source>
        <translation>Created {created}, started {started}, ended {ended}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Harvested: %Ln object, {bytes}</numerusform>
            <numerusform>Harvested: %Ln objects, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln seed:</numerusform>
            <numerusform>%Ln seeds:</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Stop reasons: {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Failure</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Harvest error</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Upload error</translation>
    </message>
    <message>
        <source>Cancelling: asked {time}; the harvester stops at its next report.</source>
        <translation>Cancelling: asked {time}; the harvester stops at its next report.</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Resubmitted as job {id}</translation>
    </message>
    <message>
        <source>Cancel job {id}</source>
        <translation>Cancel job {id}</translation>
    </message>
    <message>
        <source>Why (kept with the job; may be empty):</source>
        <translation>Why (kept with the job; may be empty):</translation>
    </message>
</context>
<context>
    <name>LoginDialog</name>
    <message>
        <source>This cannot be empty.</source>
        <translation>This cannot be empty.</translation>
    </message>
    <message>
        <source>Give the broker as amqp://host:port (or amqps://host:port).</source>
        <translation>Give the broker as amqp://host:port (or amqps://host:port).</translation>
    </message>
    <message>
        <source>Give the viewerproxy as http://host:port.</source>
        <translation>Give the viewerproxy as http://host:port.</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Signing in…</translation>
    </message>
    <message>
        <source>Sign in to NetarchiveSuite</source>
        <translation>Sign in to NetarchiveSuite</translation>
    </message>
    <message>
        <source>User name:</source>
        <translation>User name:</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Password:</translation>
    </message>
    <message>
        <source>Remember me on this computer</source>
        <translation>Remember me on this computer</translation>
    </message>
    <message>
        <source>Keeps the user name and password in a file only you can read, where the nas command keeps them too (nas login). Sign out forgets them.</source>
        <translation>Keeps the user name and password in a file only you can read, where the nas command keeps them too (nas login). Sign out forgets them.</translation>
    </message>
    <message>
        <source>Server settings</source>
        <translation>Server settings</translation>
    </message>
    <message>
        <source>Broker (RabbitMQ):</source>
        <translation>Broker (RabbitMQ):</translation>
    </message>
    <message>
        <source>Virtual host (environment):</source>
        <translation>Virtual host (environment):</translation>
    </message>
    <message>
        <source>Viewerproxy address:</source>
        <translation>Viewerproxy address:</translation>
    </message>
    <message>
        <source>as the viewerproxy service says</source>
        <translation>as the viewerproxy service says</translation>
    </message>
    <message>
        <source>Empty: the desktop asks the viewerproxy service where it listens. Give http://host:port only where this computer reaches the proxy at another address.</source>
        <translation>Empty: the desktop asks the viewerproxy service where it listens. Give http://host:port only where this computer reaches the proxy at another address.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Sign in</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Curate: start here</source>
        <translation>Curate: start here</translation>
    </message>
    <message>
        <source>Operate</source>
        <translation>Operate</translation>
    </message>
    <message>
        <source>Quality assurance</source>
        <translation>Quality assurance</translation>
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
        <translation>&amp;Connection settings…</translation>
    </message>
    <message>
        <source>&amp;Sign out / switch user…</source>
        <translation>&amp;Sign out / switch user…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quit</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;View</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>&amp;Refresh</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Language</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Help</translation>
    </message>
    <message>
        <source>&amp;About NetarchiveSuite</source>
        <translation>&amp;About NetarchiveSuite</translation>
    </message>
    <message>
        <source>Waiting for the services…</source>
        <translation>Waiting for the services…</translation>
    </message>
    <message>
        <source>Signed in as {who} ({roles}): {where}</source>
        <translation>Signed in as {who} ({roles}): {where}</translation>
    </message>
    <message>
        <source>Signed in as {who}: {where}</source>
        <translation>Signed in as {who}: {where}</translation>
    </message>
    <message>
        <source>Connecting: {where}</source>
        <translation>Connecting: {where}</translation>
    </message>
    <message>
        <source>Not connected: {where}</source>
        <translation>Not connected: {where}</translation>
    </message>
    <message>
        <source>About NetarchiveSuite</source>
        <translation>About NetarchiveSuite</translation>
    </message>
    <message>
        <source>NetarchiveSuite desktop client, version {version}.
A web-archiving suite for national libraries.</source>
        <translation>NetarchiveSuite desktop client, version {version}.
A web-archiving suite for national libraries.</translation>
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
        <translation>warning</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>critical</translation>
    </message>
    <message>
        <source>open</source>
        <translation>open</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>acknowledged</translation>
    </message>
    <message>
        <source>resolved</source>
        <translation>resolved</translation>
    </message>
    <message>
        <source>No notifier service answers: notifications cannot be shown.</source>
        <translation>No notifier service answers: notifications cannot be shown.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) resolved.</source>
        <translation>Notification {id} ({code}) resolved.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) acknowledged.</source>
        <translation>Notification {id} ({code}) acknowledged.</translation>
    </message>
</context>
<context>
    <name>NotificationsPanel</name>
    <message>
        <source>Severity</source>
        <translation>Severity</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Event</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instance</translation>
    </message>
    <message>
        <source>Concerns</source>
        <translation>Concerns</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>Times</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Last seen</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>Acknowledged by</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>Acknowledge</translation>
    </message>
    <message>
        <source>I have seen it: mark the selected notifications acknowledged (repeats are still counted on them).</source>
        <translation>I have seen it: mark the selected notifications acknowledged (repeats are still counted on them).</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>Resolve</translation>
    </message>
    <message>
        <source>The cause is gone: the next occurrence notifies anew.</source>
        <translation>The cause is gone: the next occurrence notifies anew.</translation>
    </message>
    <message numerus="yes">
        <source>Notifications: %Ln open</source>
        <translation>
            <numerusform>Notifications: %Ln open</numerusform>
            <numerusform>Notifications: %Ln open</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln acknowledged.</source>
        <translation>
            <numerusform>%Ln acknowledged.</numerusform>
            <numerusform>%Ln acknowledged.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>OverviewScreen</name>
    <message>
        <source>Instance</source>
        <translation>Instance</translation>
    </message>
    <message>
        <source>Service</source>
        <translation>Service</translation>
    </message>
    <message>
        <source>Host</source>
        <translation>Host</translation>
    </message>
    <message>
        <source>State</source>
        <translation>State</translation>
    </message>
    <message>
        <source>Last heartbeat</source>
        <translation>Last heartbeat</translation>
    </message>
    <message>
        <source>Last heard</source>
        <translation>Last heard</translation>
    </message>
    <message>
        <source>Recent warnings</source>
        <translation>Recent warnings</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Reason</translation>
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
        <translation>Time</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Level</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>System overview</source>
        <translation>System overview</translation>
    </message>
    <message>
        <source>Every service instance and its warnings.</source>
        <translation>Every service instance and its warnings.</translation>
    </message>
    <message>
        <source>Recent warnings and errors (of the selected instance, or of all):</source>
        <translation>Recent warnings and errors (of the selected instance, or of all):</translation>
    </message>
    <message numerus="yes">
        <source>%Ln service instance(s)</source>
        <translation>
            <numerusform>%Ln service instance</numerusform>
            <numerusform>%Ln service instances</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln lost.</source>
        <translation>
            <numerusform>%Ln lost.</numerusform>
            <numerusform>%Ln lost.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfilesController</name>
    <message>
        <source>Paste or load a profile document.</source>
        <translation>Paste or load a profile document.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>Saved {name}.</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}</source>
        <translation>Could not write {path}: {reason}</translation>
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
        <translation>Active</translation>
    </message>
    <message>
        <source>Edition</source>
        <translation>Edition</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Changed</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Comments</translation>
    </message>
    <message>
        <source>Crawl profiles</source>
        <translation>Crawl profiles</translation>
    </message>
    <message>
        <source>How to crawl: the crawl profiles harvests use.</source>
        <translation>How to crawl: the crawl profiles harvests use.</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Activate</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Deactivate</translation>
    </message>
    <message>
        <source>Download…</source>
        <translation>Download…</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Comments:</translation>
    </message>
    <message>
        <source>Profile document (YAML or TOML):</source>
        <translation>Profile document (YAML or TOML):</translation>
    </message>
    <message>
        <source>Load from file…</source>
        <translation>Load from file…</translation>
    </message>
    <message>
        <source>Upload</source>
        <translation>Upload</translation>
    </message>
    <message>
        <source>the seeds</source>
        <translation>the seeds</translation>
    </message>
    <message>
        <source>pages within {hops} link hops of a seed</source>
        <translation>pages within {hops} link hops of a seed</translation>
    </message>
    <message>
        <source>every HTML page</source>
        <translation>every HTML page</translation>
    </message>
    <message>
        <source>pages matching {count} URL patterns</source>
        <translation>pages matching {count} URL patterns</translation>
    </message>
    <message>
        <source>Browser capture: off (no page is rendered).</source>
        <translation>Browser capture: off (no page is rendered).</translation>
    </message>
    <message>
        <source>{pages} and {more}</source>
        <translation>{pages} and {more}</translation>
    </message>
    <message>
        <source>tabs: {n}</source>
        <translation>tabs: {n}</translation>
    </message>
    <message>
        <source>{seconds} s a page</source>
        <translation>{seconds} s a page</translation>
    </message>
    <message>
        <source>scrolls (at most {n} times)</source>
        <translation>scrolls (at most {n} times)</translation>
    </message>
    <message>
        <source>no scrolling</source>
        <translation>no scrolling</translation>
    </message>
    <message>
        <source>clicks up to {n} buttons</source>
        <translation>clicks up to {n} buttons</translation>
    </message>
    <message>
        <source>screenshots</source>
        <translation>screenshots</translation>
    </message>
    <message>
        <source>text</source>
        <translation>text</translation>
    </message>
    <message>
        <source>Browser capture: renders {pages}; {details}.</source>
        <translation>Browser capture: renders {pages}; {details}.</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Crawl profile</translation>
    </message>
    <message>
        <source>Profiles (*.yaml *.yml *.toml);;All files (*)</source>
        <translation>Profiles (*.yaml *.yml *.toml);;All files (*)</translation>
    </message>
    <message>
        <source>Could not read {path}: {reason}</source>
        <translation>Could not read {path}: {reason}</translation>
    </message>
    <message>
        <source>Save crawl profile</source>
        <translation>Save crawl profile</translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>Cancel</translation>
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
        <translation>Acceptable</translation>
    </message>
    <message>
        <source>Broken</source>
        <translation>Broken</translation>
    </message>
    <message>
        <source>QA has not checked this job yet.</source>
        <translation>QA has not checked this job yet.</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>Queued</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>Running</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Done</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Failed</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Cancelled</translation>
    </message>
    <message numerus="yes">
        <source>Run {run} ({kind}): {state}, %Ln of {total} page(s) checked</source>
        <translation>
            <numerusform>Run {run} ({kind}): {state}, %Ln of {total} pages checked</numerusform>
            <numerusform>Run {run} ({kind}): {state}, %Ln of {total} pages checked</numerusform>
        </translation>
    </message>
    <message>
        <source>re-check</source>
        <translation>re-check</translation>
    </message>
    <message>
        <source>full</source>
        <translation>full</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) checked</source>
        <translation>
            <numerusform>%Ln page checked</numerusform>
            <numerusform>%Ln pages checked</numerusform>
        </translation>
    </message>
    <message>
        <source>{share} complete</source>
        <translation>{share} complete</translation>
    </message>
    <message>
        <source>mean score {score}</source>
        <translation>mean score {score}</translation>
    </message>
    <message>
        <source>verdicts {verdicts}</source>
        <translation>verdicts {verdicts}</translation>
    </message>
    <message>
        <source>Below the threshold of {threshold}.</source>
        <translation>Below the threshold of {threshold}.</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Missing</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Kind</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Give a job number.</source>
        <translation>Give a job number.</translation>
    </message>
    <message>
        <source>Verdict saved: {verdict} for {url}.</source>
        <translation>Verdict saved: {verdict} for {url}.</translation>
    </message>
    <message>
        <source>QA run {run} of job {job} is queued.</source>
        <translation>QA run {run} of job {job} is queued.</translation>
    </message>
    <message numerus="yes">
        <source>Patch job {patch} harvests %Ln missing URL(s) of job {job}; its pages are checked again when it is done.</source>
        <translation>
            <numerusform>Patch job {patch} harvests %Ln missing URL of job {job}; its pages are checked again when it is done.</numerusform>
            <numerusform>Patch job {patch} harvests %Ln missing URLs of job {job}; its pages are checked again when it is done.</numerusform>
        </translation>
    </message>
    <message>
        <source>The running qa service cannot make patch jobs yet.</source>
        <translation>The running qa service cannot make patch jobs yet.</translation>
    </message>
</context>
<context>
    <name>QaReviewScreen</name>
    <message>
        <source>QA review</source>
        <translation>QA review</translation>
    </message>
    <message>
        <source>Review how complete a job&apos;s archived pages are, worst first, and patch what is missing.</source>
        <translation>Review how complete a job&apos;s archived pages are, worst first, and patch what is missing.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job:</translation>
    </message>
    <message>
        <source>job number</source>
        <translation>job number</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Show</translation>
    </message>
    <message>
        <source>Run QA</source>
        <translation>Run QA</translation>
    </message>
    <message>
        <source>Render every page of the job&apos;s page list from the archive and score it</source>
        <translation>Render every page of the job&apos;s page list from the archive and score it</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Cancel run</translation>
    </message>
    <message>
        <source>Patch missing</source>
        <translation>Patch missing</translation>
    </message>
    <message>
        <source>Harvest the job&apos;s missing resources as a follow-up job of the same harvest, then check those pages again</source>
        <translation>Harvest the job&apos;s missing resources as a follow-up job of the same harvest, then check those pages again</translation>
    </message>
    <message>
        <source>At crawl time</source>
        <translation>At crawl time</translation>
    </message>
    <message>
        <source>As replayed</source>
        <translation>As replayed</translation>
    </message>
    <message>
        <source>Open in the archive browser</source>
        <translation>Open in the archive browser</translation>
    </message>
    <message>
        <source>Reviewer&apos;s verdict</source>
        <translation>Reviewer&apos;s verdict</translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation>Note (optional)</translation>
    </message>
    <message>
        <source>Save verdict</source>
        <translation>Save verdict</translation>
    </message>
    <message>
        <source>Give a job number to review its pages as QA scored them.</source>
        <translation>Give a job number to review its pages as QA scored them.</translation>
    </message>
    <message>
        <source>Choose a page in the list.</source>
        <translation>Choose a page in the list.</translation>
    </message>
    <message>
        <source>Missing resources</source>
        <translation>Missing resources</translation>
    </message>
    <message>
        <source>Score {score}</source>
        <translation>Score {score}</translation>
    </message>
    <message>
        <source>looks {score} alike</source>
        <translation>looks {score} alike</translation>
    </message>
    <message>
        <source>text {score} alike</source>
        <translation>text {score} alike</translation>
    </message>
    <message numerus="yes">
        <source>%Ln resource(s) requested</source>
        <translation>
            <numerusform>%Ln resource requested</numerusform>
            <numerusform>%Ln resources requested</numerusform>
        </translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>loaded</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>timed out</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>crashed</translation>
    </message>
    <message>
        <source>captured {when}</source>
        <translation>captured {when}</translation>
    </message>
    <message>
        <source>Errors: {errors}</source>
        <translation>Errors: {errors}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing resource(s)</source>
        <translation>
            <numerusform>%Ln missing resource</numerusform>
            <numerusform>%Ln missing resources</numerusform>
        </translation>
    </message>
    <message>
        <source>{verdict} by {reviewer}, {when}</source>
        <translation>{verdict} by {reviewer}, {when}</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>loading…</translation>
    </message>
    <message>
        <source>no picture</source>
        <translation>no picture</translation>
    </message>
    <message>
        <source>Choose OK, Acceptable or Broken.</source>
        <translation>Choose OK, Acceptable or Broken.</translation>
    </message>
</context>
<context>
    <name>RoleGate</name>
    <message>
        <source>no roles</source>
        <translation>no roles</translation>
    </message>
    <message>
        <source>Needs the {role} role. You are signed in as {who} ({held}).</source>
        <translation>Needs the {role} role. You are signed in as {who} ({held}).</translation>
    </message>
    <message>
        <source>Needs one of the roles {roles}. You are signed in as {who} ({held}).</source>
        <translation>Needs one of the roles {roles}. You are signed in as {who} ({held}).</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message numerus="yes">
        <source>every %n hour(s)</source>
        <translation>
            <numerusform>every hour</numerusform>
            <numerusform>every %n hours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n day(s)</source>
        <translation>
            <numerusform>every day</numerusform>
            <numerusform>every %n days</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n week(s)</source>
        <translation>
            <numerusform>every week</numerusform>
            <numerusform>every %n weeks</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n month(s)</source>
        <translation>
            <numerusform>every month</numerusform>
            <numerusform>every %n months</numerusform>
        </translation>
    </message>
    <message>
        <source>on {weekday}</source>
        <translation>on {weekday}</translation>
    </message>
    <message>
        <source>on day {day}</source>
        <translation>on day {day}</translation>
    </message>
    <message>
        <source>at {time}</source>
        <translation>at {time}</translation>
    </message>
    <message>
        <source>at minute {minute}</source>
        <translation>at minute {minute}</translation>
    </message>
    <message numerus="yes">
        <source>%n time(s)</source>
        <translation>
            <numerusform>once</numerusform>
            <numerusform>%n times</numerusform>
        </translation>
    </message>
    <message>
        <source>until {when}</source>
        <translation>until {when}</translation>
    </message>
</context>
<context>
    <name>SchedulesController</name>
    <message>
        <source>Not a valid schedule yet.</source>
        <translation>Not a valid schedule yet.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>Saved {name}.</translation>
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
        <translation>Rule</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Comments</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>Schedules</translation>
    </message>
    <message>
        <source>When harvests run.</source>
        <translation>When harvests run.</translation>
    </message>
    <message>
        <source>New schedule</source>
        <translation>New schedule</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>hours</translation>
    </message>
    <message>
        <source>days</source>
        <translation>days</translation>
    </message>
    <message>
        <source>weeks</source>
        <translation>weeks</translation>
    </message>
    <message>
        <source>months</source>
        <translation>months</translation>
    </message>
    <message>
        <source>any day</source>
        <translation>any day</translation>
    </message>
    <message>
        <source>Monday</source>
        <translation>Monday</translation>
    </message>
    <message>
        <source>Tuesday</source>
        <translation>Tuesday</translation>
    </message>
    <message>
        <source>Wednesday</source>
        <translation>Wednesday</translation>
    </message>
    <message>
        <source>Thursday</source>
        <translation>Thursday</translation>
    </message>
    <message>
        <source>Friday</source>
        <translation>Friday</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>Saturday</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>Sunday</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Every:</source>
        <translation>Every:</translation>
    </message>
    <message>
        <source>Unit:</source>
        <translation>Unit:</translation>
    </message>
    <message>
        <source>At minute (0–59, optional):</source>
        <translation>At minute (0–59, optional):</translation>
    </message>
    <message>
        <source>At hour (0–23, optional):</source>
        <translation>At hour (0–23, optional):</translation>
    </message>
    <message>
        <source>On weekday:</source>
        <translation>On weekday:</translation>
    </message>
    <message>
        <source>On day of month (1–31, optional):</source>
        <translation>On day of month (1–31, optional):</translation>
    </message>
    <message>
        <source>Start (ISO date and time with zone, empty: now):</source>
        <translation>Start (ISO date and time with zone, empty: now):</translation>
    </message>
    <message>
        <source>End (ISO date and time with zone, optional):</source>
        <translation>End (ISO date and time with zone, optional):</translation>
    </message>
    <message>
        <source>Or end after this many runs:</source>
        <translation>Or end after this many runs:</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Comments:</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Save</translation>
    </message>
    <message>
        <source>The next five runs, if a harvest used it from now:</source>
        <translation>The next five runs, if a harvest used it from now:</translation>
    </message>
</context>
<context>
    <name>Screen</name>
    <message>
        <source>The running {service} service does not offer &apos;{method}&apos; yet.</source>
        <extracomment>How often :meth:`poll` runs while the screen is visible (0: the screen shows nothing that changes by itself). One timer per screen, stopped while the screen is hidden, and a tick is skipped while the previous poll&apos;s calls are still out (docs/decisions/desktop-refresh.md).</extracomment>
        <translation>The running {service} service does not offer &apos;{method}&apos; yet.</translation>
    </message>
</context>
<context>
    <name>Search</name>
    <message>
        <source>Give job numbers and ranges, for example 1, 2, 5-9.</source>
        <translation>Give job numbers and ranges, for example 1, 2, 5-9.</translation>
    </message>
</context>
<context>
    <name>SearchScreen</name>
    <message>
        <source>Search</source>
        <translation>Search</translation>
    </message>
    <message>
        <source>Find archived pages, PDFs and texts by their words.</source>
        <translation>Find archived pages, PDFs and texts by their words.</translation>
    </message>
    <message>
        <source>Words:</source>
        <translation>Words:</translation>
    </message>
    <message>
        <source>Jobs:</source>
        <translation>Jobs:</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Order:</translation>
    </message>
    <message>
        <source>words, &quot;a phrase&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</source>
        <translation>words, &quot;a phrase&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</translation>
    </message>
    <message>
        <source>job numbers, e.g. 1, 2, 5-9 (empty: every indexed job)</source>
        <translation>job numbers, e.g. 1, 2, 5-9 (empty: every indexed job)</translation>
    </message>
    <message>
        <source>most relevant first</source>
        <translation>most relevant first</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>newest first</translation>
    </message>
    <message>
        <source>oldest first</source>
        <translation>oldest first</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Previous page</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Next page</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Export WACZ…</translation>
    </message>
    <message>
        <source>The captures of every hit&apos;s URL (up to the first 1,000 hits) in the jobs of the hits, as one WACZ file</source>
        <translation>The captures of every hit&apos;s URL (up to the first 1,000 hits) in the jobs of the hits, as one WACZ file</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Searching…</translation>
    </message>
    <message>
        <source>No hits for {query}.</source>
        <translation>No hits for {query}.</translation>
    </message>
    <message>
        <source>Hits {first}–{last} of {total} in jobs {jobs}.</source>
        <translation>Hits {first}–{last} of {total} in jobs {jobs}.</translation>
    </message>
    <message>
        <source>Not searched yet: jobs {jobs} (their index is being made; search again).</source>
        <translation>Not searched yet: jobs {jobs} (their index is being made; search again).</translation>
    </message>
    <message>
        <source>revisit</source>
        <translation>revisit</translation>
    </message>
    <message>
        <source>job {job}</source>
        <translation>job {job}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domains</translation>
    </message>
    <message>
        <source>Years</source>
        <translation>Years</translation>
    </message>
    <message>
        <source>Types</source>
        <translation>Types</translation>
    </message>
    <message>
        <source>The captures of the URLs found by {query} (the first 1,000 hits at most), in the jobs of the hits.</source>
        <translation>The captures of the URLs found by {query} (the first 1,000 hits at most), in the jobs of the hits.</translation>
    </message>
</context>
<context>
    <name>ServerText</name>
    <message>
        <source>Cancelled by a curator: {reason}</source>
        <translation>Cancelled by a curator: {reason}</translation>
    </message>
    <message>
        <source>Cancelled by a curator.</source>
        <translation>Cancelled by a curator.</translation>
    </message>
    <message>
        <source>No word from the harvester within the job time-out: marked failed.</source>
        <translation>No word from the harvester within the job time-out: marked failed.</translation>
    </message>
    <message>
        <source>Nothing was harvested: no object was fetched for any of the job&apos;s domains.</source>
        <translation>Nothing was harvested: no object was fetched for any of the job&apos;s domains.</translation>
    </message>
    <message>
        <source>The harvest failed: {error}</source>
        <translation>The harvest failed: {error}</translation>
    </message>
    <message>
        <source>The upload to the archive failed: {error}</source>
        <translation>The upload to the archive failed: {error}</translation>
    </message>
    <message>
        <source>The {kind} audit {audit} of replica {replica} found {missing}, {corrupt} and {disputed}.</source>
        <translation>The {kind} audit {audit} of replica {replica} found {missing}, {corrupt} and {disputed}.</translation>
    </message>
    <message numerus="yes">
        <source>%n missing file(s)</source>
        <translation>
            <numerusform>%n missing file</numerusform>
            <numerusform>%n missing files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n corrupt file(s)</source>
        <translation>
            <numerusform>%n corrupt file</numerusform>
            <numerusform>%n corrupt files</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n disputed file(s)</source>
        <translation>
            <numerusform>%n disputed file</numerusform>
            <numerusform>%n disputed files</numerusform>
        </translation>
    </message>
    <message>
        <source>{instance} ({service} on {host}) has sent no heartbeat for {age}.</source>
        <translation>{instance} ({service} on {host}) has sent no heartbeat for {age}.</translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n second</numerusform>
            <numerusform>%n seconds</numerusform>
        </translation>
    </message>
    <message>
        <source>{file} could not be stored in {replicas}.</source>
        <translation>{file} could not be stored in {replicas}.</translation>
    </message>
    <message>
        <source>a replica</source>
        <translation>a replica</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new files (replica {replica}).</source>
        <translation>{instance} has too little free disk space and takes no new files (replica {replica}).</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new jobs (channel {channel}).</source>
        <translation>{instance} has too little free disk space and takes no new jobs (channel {channel}).</translation>
    </message>
    <message>
        <source>Job {id} failed. {reason}</source>
        <translation>Job {id} failed. {reason}</translation>
    </message>
    <message>
        <source>Harvest definition {id} could not be scheduled and was deactivated: {error}</source>
        <translation>Harvest definition {id} could not be scheduled and was deactivated: {error}</translation>
    </message>
    <message>
        <source>Audit found damage</source>
        <translation>Audit found damage</translation>
    </message>
    <message>
        <source>Instance lost</source>
        <translation>Instance lost</translation>
    </message>
    <message>
        <source>Store failed</source>
        <translation>Store failed</translation>
    </message>
    <message>
        <source>Upload failed</source>
        <translation>Upload failed</translation>
    </message>
    <message>
        <source>Disk space low</source>
        <translation>Disk space low</translation>
    </message>
    <message>
        <source>Job failed</source>
        <translation>Job failed</translation>
    </message>
    <message>
        <source>Definition deactivated</source>
        <translation>Definition deactivated</translation>
    </message>
    <message>
        <source>replica {replica} does not hold the file (re-establish it instead)</source>
        <translation>replica {replica} does not hold the file (re-establish it instead)</translation>
    </message>
    <message>
        <source>the copy equals the reference: nothing to replace</source>
        <translation>the copy equals the reference: nothing to replace</translation>
    </message>
    <message>
        <source>no other replica holds a copy equal to the reference</source>
        <translation>no other replica holds a copy equal to the reference</translation>
    </message>
    <message>
        <source>other copies agree with this one against the reference: a person must decide</source>
        <translation>other copies agree with this one against the reference: a person must decide</translation>
    </message>
    <message>
        <source>QA of job {id}: {complete} of {checked} pages complete, below the threshold of {threshold} %.</source>
        <translation>QA of job {id}: {complete} of {checked} pages complete, below the threshold of {threshold} %.</translation>
    </message>
    <message>
        <source>QA incomplete</source>
        <translation>QA incomplete</translation>
    </message>
</context>
<context>
    <name>SignIn</name>
    <message>
        <source>The user name or password was refused.</source>
        <extracomment>what shared.client.Unreachable says when RabbitMQ refuses the user name or password</extracomment>
        <translation>The user name or password was refused.</translation>
    </message>
    <message>
        <source>The broker at {where} cannot be reached. Check the server settings, or try again later.</source>
        <translation>The broker at {where} cannot be reached. Check the server settings, or try again later.</translation>
    </message>
    <message>
        <source>The services do not know the user {user}. Ask an administrator to add you.</source>
        <translation>The services do not know the user {user}. Ask an administrator to add you.</translation>
    </message>
    <message>
        <source>The user {user} is disabled. Ask an administrator.</source>
        <translation>The user {user} is disabled. Ask an administrator.</translation>
    </message>
    <message>
        <source>The services refuse to work for {user}.</source>
        <translation>The services refuse to work for {user}.</translation>
    </message>
</context>
<context>
    <name>TrapsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>Saved {name}.</translation>
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
        <translation>Active</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>Description</translation>
    </message>
    <message>
        <source>Expressions</source>
        <translation>Expressions</translation>
    </message>
    <message numerus="yes">
        <source>%Ln expression(s)</source>
        <translation>
            <numerusform>%Ln expression</numerusform>
            <numerusform>%Ln expressions</numerusform>
        </translation>
    </message>
    <message>
        <source>Global crawler traps</source>
        <translation>Global crawler traps</translation>
    </message>
    <message>
        <source>URL patterns no harvest should follow.</source>
        <translation>URL patterns no harvest should follow.</translation>
    </message>
    <message>
        <source>New trap list</source>
        <translation>New trap list</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Name:</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>Description:</translation>
    </message>
    <message>
        <source>Active:</source>
        <translation>Active:</translation>
    </message>
    <message>
        <source>Regular expressions (one a line):</source>
        <translation>Regular expressions (one a line):</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Save</translation>
    </message>
</context>
<context>
    <name>UnavailablePanel</name>
    <message>
        <source>Service not available: {service}</source>
        <translation>Service not available: {service}</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Retry</translation>
    </message>
</context>
<context>
    <name>Vocabulary</name>
    <message>
        <source>starting</source>
        <translation>starting</translation>
    </message>
    <message>
        <source>running</source>
        <translation>running</translation>
    </message>
    <message>
        <source>dormant</source>
        <translation>dormant</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>stopping</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>stopped</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>lost</translation>
    </message>
    <message>
        <source>new</source>
        <translation>new</translation>
    </message>
    <message>
        <source>done</source>
        <translation>done</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>failed</translation>
    </message>
    <message>
        <source>resubmitted</source>
        <translation>resubmitted</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>queued</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>completed</translation>
    </message>
    <message>
        <source>object limit reached</source>
        <translation>object limit reached</translation>
    </message>
    <message>
        <source>size limit reached</source>
        <translation>size limit reached</translation>
    </message>
    <message>
        <source>configuration size limit reached</source>
        <translation>configuration size limit reached</translation>
    </message>
    <message>
        <source>configuration object limit reached</source>
        <translation>configuration object limit reached</translation>
    </message>
    <message>
        <source>time limit reached</source>
        <translation>time limit reached</translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation>unfinished</translation>
    </message>
    <message>
        <source>no seed could be fetched</source>
        <translation>no seed could be fetched</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>cancelled</translation>
    </message>
    <message>
        <source>harvested</source>
        <translation>harvested</translation>
    </message>
    <message>
        <source>partly harvested</source>
        <translation>partly harvested</translation>
    </message>
    <message>
        <source>nothing harvested</source>
        <translation>nothing harvested</translation>
    </message>
    <message>
        <source>not stored</source>
        <translation>not stored</translation>
    </message>
    <message>
        <source>storing</source>
        <translation>storing</translation>
    </message>
    <message>
        <source>stored, not yet confirmed</source>
        <translation>stored, not yet confirmed</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>stored</translation>
    </message>
    <message>
        <source>storing failed</source>
        <translation>storing failed</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>selective</translation>
    </message>
    <message>
        <source>event</source>
        <translation>event</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>snapshot</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>warning</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>critical</translation>
    </message>
</context>
<context>
    <name>WaczDialog</name>
    <message>
        <source>Export WACZ</source>
        <translation>Export WACZ</translation>
    </message>
    <message>
        <source>Web archive collections (*.wacz)</source>
        <translation>Web archive collections (*.wacz)</translation>
    </message>
    <message>
        <source>Cancel export</source>
        <translation>Cancel export</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Close</translation>
    </message>
    <message>
        <source>To {file}</source>
        <translation>To {file}</translation>
    </message>
    <message>
        <source>Asking the archive…</source>
        <translation>Asking the archive…</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} of {total}</translation>
    </message>
    <message>
        <source>Writing {file}</source>
        <translation>Writing {file}</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Cancelling…</translation>
    </message>
</context>
<context>
    <name>WaczExport</name>
    <message>
        <source>The search has no hits to export.</source>
        <translation>The search has no hits to export.</translation>
    </message>
    <message>
        <source>Search: {query}</source>
        <translation>Search: {query}</translation>
    </message>
    <message>
        <source>The file could not be written: {reason}</source>
        <translation>The file could not be written: {reason}</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>The export was cancelled; no file was written.</translation>
    </message>
    <message>
        <source>The export failed; no file was written. {reason}</source>
        <translation>The export failed; no file was written. {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Saved {file} ({size}): %Ln record(s).</source>
        <translation>
            <numerusform>Saved {file} ({size}): %Ln record.</numerusform>
            <numerusform>Saved {file} ({size}): %Ln records.</numerusform>
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
            <numerusform>%Ln revisited payload has no original in the package.</numerusform>
            <numerusform>%Ln revisited payloads have no original in the package.</numerusform>
        </translation>
    </message>
</context>
</TS>
