<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="fr_FR">
<context>
    <name>ArchiveBrowser</name>
    <message>
        <source>Choose the missing URLs to add.</source>
        <translation>Choisissez les URL manquantes à ajouter.</translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s) added to {list} of {domain}.</source>
        <translation>
            <numerusform>%Ln graine ajoutée à {list} de {domain}.</numerusform>
            <numerusform>%Ln graines ajoutées à {list} de {domain}.</numerusform>
        </translation>
    </message>
    <message>
        <source>What the archive holds of this page cannot be read: {reason}</source>
        <translation>Ce que l&apos;archive contient de cette page ne peut pas être lu : {reason}</translation>
    </message>
    <message>
        <source>The other captures of this page cannot be listed: {reason}</source>
        <translation>Les autres captures de cette page ne peuvent pas être listées : {reason}</translation>
    </message>
    <message>
        <source>The other capture cannot be shown: {reason}</source>
        <translation>L&apos;autre capture ne peut pas être affichée : {reason}</translation>
    </message>
    <message>
        <source>Asking the archive for it...</source>
        <translation>Demande à l&apos;archive en cours...</translation>
    </message>
    <message>
        <source>Downloading: {done} of {size}</source>
        <translation>Téléchargement : {done} sur {size}</translation>
    </message>
    <message>
        <source>Downloading: {done}</source>
        <translation>Téléchargement : {done}</translation>
    </message>
    <message>
        <source>The download failed: {reason}</source>
        <translation>Le téléchargement a échoué : {reason}</translation>
    </message>
    <message>
        <source>Saved {path} ({size}).</source>
        <translation>{path} enregistré ({size}).</translation>
    </message>
    <message>
        <source>the archive&apos;s file server did not hand it out</source>
        <translation>le serveur de fichiers de l&apos;archive ne l&apos;a pas fournie</translation>
    </message>
    <message>
        <source>it arrived damaged (its checksum is not the archive&apos;s); nothing was saved</source>
        <translation>elle est arrivée endommagée (sa somme de contrôle n&apos;est pas celle de l&apos;archive) ; rien n&apos;a été enregistré</translation>
    </message>
    <message>
        <source>the file cannot be written</source>
        <translation>le fichier ne peut pas être écrit</translation>
    </message>
    <message>
        <source>it was cancelled</source>
        <translation>il a été annulé</translation>
    </message>
</context>
<context>
    <name>ArchiveBrowserScreen</name>
    <message>
        <source>Archive browser</source>
        <translation>Navigateur d&apos;archive</translation>
    </message>
    <message>
        <source>Browse what a job archived, and collect the URLs it missed.</source>
        <translation>Parcourir ce qu&apos;un job a archivé et recueillir les URL manquées.</translation>
    </message>
    <message>
        <source>Jobs to browse:</source>
        <translation>Jobs à parcourir :</translation>
    </message>
    <message>
        <source>job numbers, e.g. 12 13</source>
        <translation>numéros de job, par ex. 12 13</translation>
    </message>
    <message>
        <source>Browse</source>
        <translation>Parcourir</translation>
    </message>
    <message>
        <source>Qt WebEngine is not installed here.</source>
        <translation>Qt WebEngine n&apos;est pas installé ici.</translation>
    </message>
    <message>
        <source>Jobs {first} … {last} ({count})</source>
        <translation>Tâches {first} … {last} ({count})</translation>
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
        <translation>Enregistrer les URL manquantes</translation>
    </message>
    <message>
        <source>Refresh the list</source>
        <translation>Actualiser la liste</translation>
    </message>
    <message>
        <source>Domain (e.g. kb.dk)</source>
        <translation>Domaine (par ex. kb.dk)</translation>
    </message>
    <message>
        <source>Seed list</source>
        <translation>Liste de graines</translation>
    </message>
    <message>
        <source>Add selected as seeds</source>
        <translation>Ajouter la sélection comme graines</translation>
    </message>
    <message>
        <source>◀ Previous capture</source>
        <translation>◀ Capture précédente</translation>
    </message>
    <message>
        <source>Next capture ▶</source>
        <translation>Capture suivante ▶</translation>
    </message>
    <message>
        <source>Download record</source>
        <translation>Télécharger l&apos;enregistrement</translation>
    </message>
    <message>
        <source>Save this page&apos;s record, as the archive stores it</source>
        <translation>Enregistrer l&apos;enregistrement de cette page tel que l&apos;archive le conserve</translation>
    </message>
    <message>
        <source>Download file</source>
        <translation>Télécharger le fichier</translation>
    </message>
    <message>
        <source>Save the whole archive file that holds this page&apos;s record</source>
        <translation>Enregistrer le fichier d&apos;archive entier qui contient l&apos;enregistrement de cette page</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Exporter en WACZ…</translation>
    </message>
    <message>
        <source>The jobs of this session as one WACZ file</source>
        <translation>Les tâches de cette session en un seul fichier WACZ</translation>
    </message>
    <message>
        <source>Pages of the job</source>
        <translation>Pages du job</translation>
    </message>
    <message>
        <source>Seeds first, then the pages the browser rendered, then the other HTML pages. Click one to show it as archived.</source>
        <translation>D&apos;abord les graines, puis les pages rendues par le navigateur, puis les autres pages HTML. Cliquez sur une page pour la voir telle qu&apos;elle est archivée.</translation>
    </message>
    <message>
        <source>URL starts with… (example.dk/news/)</source>
        <translation>L&apos;URL commence par… (example.dk/news/)</translation>
    </message>
    <message>
        <source>Job {job}</source>
        <translation>Job {job}</translation>
    </message>
    <message>
        <source>The jobs of this session ({jobs}), with their metadata and the originals of their revisits.</source>
        <translation>Les tâches de cette session ({jobs}), avec leurs métadonnées et les originaux de leurs revisites.</translation>
    </message>
    <message>
        <source>The page {url} is not shown: its certificate is not the viewerproxy&apos;s ({reason}). Close this tab and browse again: the new tab trusts the viewerproxy&apos;s current certificate.</source>
        <translation>La page {url} n&apos;est pas affichée : son certificat n&apos;est pas celui du viewerproxy ({reason}). Fermez cet onglet et parcourez à nouveau : le nouvel onglet fait confiance au certificat actuel du viewerproxy.</translation>
    </message>
    <message>
        <source>Missing URLs</source>
        <translation>URL manquantes</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing URL(s)</source>
        <translation>
            <numerusform>%Ln URL manquante</numerusform>
            <numerusform>%Ln URL manquantes</numerusform>
        </translation>
    </message>
    <message>
        <source>Record missing URLs ({count})</source>
        <translation>Enregistrer les URL manquantes ({count})</translation>
    </message>
    <message>
        <source>Asked for by {referrer}</source>
        <translation>Demandée par {referrer}</translation>
    </message>
    <message>
        <source>Not in the archive</source>
        <translation>Pas dans l&apos;archive</translation>
    </message>
    <message>
        <source>Captured {when}</source>
        <translation>Capturé le {when}</translation>
    </message>
    <message>
        <source>Record: {file} at offset {offset}</source>
        <translation>Enregistrement : {file} à la position {offset}</translation>
    </message>
    <message>
        <source>Earlier capture: {when}</source>
        <translation>Capture antérieure : {when}</translation>
    </message>
    <message>
        <source>Later capture: {when}</source>
        <translation>Capture ultérieure : {when}</translation>
    </message>
    <message>
        <source>capture {n} of {count}</source>
        <translation>capture {n} sur {count}</translation>
    </message>
    <message>
        <source>Save the record</source>
        <translation>Enregistrer l&apos;enregistrement</translation>
    </message>
    <message>
        <source>Save the archive file</source>
        <translation>Enregistrer le fichier d&apos;archive</translation>
    </message>
    <message>
        <source>The viewerproxy cannot be reached, so no archived page can be shown (nothing is fetched from the live web): {reason}</source>
        <translation>Le viewerproxy est injoignable : aucune page archivée ne peut être affichée (rien n&apos;est chargé depuis le web en direct) : {reason}</translation>
    </message>
</context>
<context>
    <name>BitIntegrity</name>
    <message>
        <source>file list</source>
        <translation>liste des fichiers</translation>
    </message>
    <message>
        <source>checksums</source>
        <translation>sommes de contrôle</translation>
    </message>
    <message>
        <source>salted challenge</source>
        <translation>défi salé</translation>
    </message>
    <message>
        <source>reestablish missing</source>
        <translation>rétablir les manquants</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>en attente</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en marche</translation>
    </message>
    <message>
        <source>done</source>
        <translation>terminée</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échouée</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulé</translation>
    </message>
    <message>
        <source>missing</source>
        <translation>manquant</translation>
    </message>
    <message>
        <source>corrupt</source>
        <translation>corrompu</translation>
    </message>
    <message>
        <source>disputed: a person must look</source>
        <translation>contesté : une personne doit examiner</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Finding</source>
        <translation>Constat</translation>
    </message>
    <message>
        <source>Reference checksum</source>
        <translation>Somme de référence</translation>
    </message>
    <message>
        <source>Checksum in this replica</source>
        <translation>Somme de contrôle dans cette réplique</translation>
    </message>
    <message>
        <source>Checked</source>
        <translation>Vérifié</translation>
    </message>
</context>
<context>
    <name>BitIntegrityScreen</name>
    <message>
        <source>Bit integrity</source>
        <translation>Intégrité des bits</translation>
    </message>
    <message>
        <source>Every replica&apos;s files checked: audits, missing and corrupt copies, repair.</source>
        <translation>Les fichiers de chaque réplique vérifiés : audits, copies manquantes et corrompues, réparation.</translation>
    </message>
    <message>
        <source>Choose a replica to see its missing and corrupt copies.</source>
        <translation>Choisissez une réplique pour voir ses copies manquantes et corrompues.</translation>
    </message>
    <message>
        <source>Start audit</source>
        <translation>Lancer l&apos;audit</translation>
    </message>
    <message>
        <source>Cancel audit</source>
        <translation>Annuler l&apos;audit</translation>
    </message>
    <message>
        <source>Reestablish all missing</source>
        <translation>Rétablir tous les manquants</translation>
    </message>
    <message>
        <source>Replace this corrupt copy…</source>
        <translation>Remplacer cette copie corrompue…</translation>
    </message>
    <message>
        <source>Missing copies:</source>
        <translation>Copies manquantes :</translation>
    </message>
    <message>
        <source>Corrupt copies:</source>
        <translation>Copies corrompues :</translation>
    </message>
    <message>
        <source>Replica</source>
        <translation>Réplique</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Manquants</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Corrompus</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Contestés</translation>
    </message>
    <message>
        <source>Old checksums</source>
        <translation>Sommes anciennes</translation>
    </message>
    <message>
        <source>Oldest checksum</source>
        <translation>Somme la plus ancienne</translation>
    </message>
    <message>
        <source>Last audit</source>
        <translation>Dernier audit</translation>
    </message>
    <message>
        <source>Replica {replica}</source>
        <translation>Réplique {replica}</translation>
    </message>
    <message numerus="yes">
        <source>{kind} audit {id}: {state}; %Ln file(s) seen, {missing} missing, {corrupt} corrupt</source>
        <translation>
            <numerusform>Audit {id} ({kind}) : {state} ; %Ln fichier vu, {missing} manquants, {corrupt} corrompus</numerusform>
            <numerusform>Audit {id} ({kind}) : {state} ; %Ln fichiers vus, {missing} manquants, {corrupt} corrompus</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Copy the %Ln missing file(s) back into {replica} from a good copy in another replica? Nothing is deleted; each copy is checked against the reference checksum.</source>
        <translation>
            <numerusform>Recopier le %Ln fichier manquant dans {replica} depuis une bonne copie d&apos;une autre réplique ? Rien n&apos;est supprimé ; la copie est vérifiée avec la somme de contrôle de référence.</numerusform>
            <numerusform>Recopier les %Ln fichiers manquants dans {replica} depuis une bonne copie d&apos;une autre réplique ? Rien n&apos;est supprimé ; chaque copie est vérifiée avec la somme de contrôle de référence.</numerusform>
        </translation>
    </message>
    <message>
        <source>(partial: no answer from {instances})</source>
        <translation>(partiel : pas de réponse de {instances})</translation>
    </message>
    <message>
        <source>Choose a corrupt copy first.</source>
        <translation>Choisissez d&apos;abord une copie corrompue.</translation>
    </message>
    <message>
        <source>File: {name} in {replica}</source>
        <translation>Fichier : {name} dans {replica}</translation>
    </message>
    <message>
        <source>Checksum of the corrupt copy: {checksum}</source>
        <translation>Somme de contrôle de la copie corrompue : {checksum}</translation>
    </message>
    <message>
        <source>Reference checksum: {checksum}</source>
        <translation>Somme de référence : {checksum}</translation>
    </message>
    <message>
        <source>Good copy: {replica} ({checksum})</source>
        <translation>Bonne copie : {replica} ({checksum})</translation>
    </message>
    <message>
        <source>The corrupt copy is moved aside (kept, not deleted) and replaced by the good copy.</source>
        <translation>La copie corrompue est mise de côté (conservée, non supprimée) et remplacée par la bonne copie.</translation>
    </message>
    <message>
        <source>This copy cannot be replaced: {reason}</source>
        <translation>Cette copie ne peut pas être remplacée : {reason}</translation>
    </message>
    <message>
        <source>Replace this corrupt copy</source>
        <translation>Remplacer cette copie corrompue</translation>
    </message>
    <message>
        <source>Replace</source>
        <translation>Remplacer</translation>
    </message>
    <message>
        <source>Replaced {name} in {replica}; the old copy is kept at {attic}</source>
        <translation>{name} remplacé dans {replica} ; l&apos;ancienne copie est conservée dans {attic}</translation>
    </message>
</context>
<context>
    <name>BrowseScope</name>
    <message>
        <source>The jobs to browse cannot be listed: {reason}</source>
        <translation>Impossible de lister les tâches à parcourir : {reason}</translation>
    </message>
    <message>
        <source>{what}: no ended job to browse yet.</source>
        <translation>{what} : aucune tâche terminée à parcourir pour l’instant.</translation>
    </message>
    <message numerus="yes">
        <source>{what}: the newest %Ln job(s) are browsed; older ones are left out.</source>
        <translation>
            <numerusform>{what} : la %Ln tâche la plus récente est parcourue ; les plus anciennes sont omises.</numerusform>
            <numerusform>{what} : les %Ln tâches les plus récentes sont parcourues ; les plus anciennes sont omises.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ChannelsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} enregistré.</translation>
    </message>
</context>
<context>
    <name>ChannelsScreen</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>instantané</translation>
    </message>
    <message>
        <source>focused</source>
        <translation>ciblé</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Commentaires</translation>
    </message>
    <message>
        <source>Harvest channels</source>
        <translation>Canaux de collecte</translation>
    </message>
    <message>
        <source>Which harvester channel runs which kind of harvest.</source>
        <translation>Quel canal de collecte exécute quel type de collecte.</translation>
    </message>
    <message>
        <source>Make default of its kind</source>
        <translation>Définir par défaut pour son type</translation>
    </message>
    <message>
        <source>New channel:</source>
        <translation>Nouveau canal :</translation>
    </message>
    <message>
        <source>For snapshot harvests:</source>
        <translation>Pour les collectes instantanées :</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commentaires :</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Créer</translation>
    </message>
</context>
<context>
    <name>ChartsScreen</name>
    <message>
        <source>Charts</source>
        <translation>Graphiques</translation>
    </message>
    <message>
        <source>Jobs per day and status; bytes per run of a harvest.</source>
        <translation>Jobs par jour et statut ; octets par exécution d&apos;une collecte.</translation>
    </message>
    <message>
        <source>Jobs created in the last (days):</source>
        <translation>Tâches créées ces derniers (jours) :</translation>
    </message>
    <message>
        <source>Bytes harvested per run of:</source>
        <translation>Octets collectés par exécution de :</translation>
    </message>
    <message>
        <source>Terabytes</source>
        <translation>Téraoctets</translation>
    </message>
    <message>
        <source>Gigabytes</source>
        <translation>Gigaoctets</translation>
    </message>
    <message>
        <source>Kilobytes</source>
        <translation>Kilooctets</translation>
    </message>
    <message>
        <source>OK</source>
        <translation>OK</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Manquants</translation>
    </message>
    <message>
        <source>Corrupt</source>
        <translation>Corrompus</translation>
    </message>
    <message>
        <source>Disputed</source>
        <translation>Contestés</translation>
    </message>
    <message>
        <source>Not checked yet</source>
        <translation>Pas encore vérifiés</translation>
    </message>
    <message>
        <source>Copies per replica</source>
        <translation>Copies par réplique</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <source>No replica health: {reason}</source>
        <translation>Pas d&apos;état des répliques : {reason}</translation>
    </message>
    <message>
        <source>Every file should have an OK copy in every replica.</source>
        <translation>Chaque fichier devrait avoir une copie OK dans chaque réplique.</translation>
    </message>
    <message>
        <source>Size of the whole archive</source>
        <translation>Taille de l&apos;archive entière</translation>
    </message>
    <message>
        <source>Archive size</source>
        <translation>Taille de l&apos;archive</translation>
    </message>
    <message>
        <source>No archive growth: {reason}</source>
        <translation>Pas de croissance de l&apos;archive : {reason}</translation>
    </message>
    <message numerus="yes">
        <source>The archive holds %Ln file(s), {size}; {new} taken in these days.</source>
        <translation>
            <numerusform>L&apos;archive contient %Ln fichier, {size} ; {new} reçus pendant ces jours.</numerusform>
            <numerusform>L&apos;archive contient %Ln fichiers, {size} ; {new} reçus pendant ces jours.</numerusform>
        </translation>
    </message>
    <message>
        <source>Jobs per status over time</source>
        <translation>Tâches par statut dans le temps</translation>
    </message>
    <message>
        <source>Bytes harvested</source>
        <translation>Octets moissonnés</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>Exécution %1</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Tâches</translation>
    </message>
    <message>
        <source>Bytes harvested per run</source>
        <translation>Octets collectés par exécution</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Octets</translation>
    </message>
    <message>
        <source>Megabytes</source>
        <translation>Mégaoctets</translation>
    </message>
</context>
<context>
    <name>ConnectionProblemPage</name>
    <message>
        <source>Connecting…</source>
        <translation>Connexion…</translation>
    </message>
    <message>
        <source>You are not signed in</source>
        <translation>Vous n&apos;êtes pas connecté</translation>
    </message>
    <message>
        <source>Cannot reach the services</source>
        <translation>Les services sont injoignables</translation>
    </message>
    <message>
        <source>The services at {where} answer, but refuse to work for this user. Sign in as a user they know.</source>
        <translation>Les services à {where} répondent, mais refusent de travailler pour cet utilisateur. Connectez-vous avec un utilisateur qu’ils connaissent.</translation>
    </message>
    <message>
        <source>The application could not talk to the message broker at {where}. The services may be stopped, or the connection settings may be wrong. Nothing you saved is lost.</source>
        <translation>L’application n’a pas pu joindre le broker de messages à {where}. Les services sont peut-être arrêtés, ou les paramètres de connexion sont erronés. Rien de ce que vous avez enregistré n’est perdu.</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Réessayer</translation>
    </message>
    <message>
        <source>Connection settings…</source>
        <translation>Paramètres de connexion…</translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <source>Unexpected error</source>
        <translation>Erreur inattendue</translation>
    </message>
    <message>
        <source>Something went wrong that the application did not expect. Your saved work is safe on the server. Please copy the details below into a report to the people who run the system.</source>
        <translation>Une erreur inattendue s’est produite dans l’application. Votre travail enregistré est en sécurité sur le serveur. Veuillez copier les détails ci-dessous dans un rapport destiné aux personnes qui exploitent le système.</translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation>Copier les détails</translation>
    </message>
</context>
<context>
    <name>DomainsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} enregistré.</translation>
    </message>
    <message>
        <source>Give at least one seed.</source>
        <translation>Indiquez au moins une graine.</translation>
    </message>
    <message>
        <source>This domain has no seed list {names}.</source>
        <translation>Ce domaine n&apos;a pas de liste de graines {names}.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>ligne {line} : {text}</translation>
    </message>
    <message>
        <source>Ingest cancelled after line {line}.</source>
        <translation>Import annulé après la ligne {line}.</translation>
    </message>
    <message>
        <source>Ingest finished.</source>
        <translation>Import terminé.</translation>
    </message>
    <message>
        <source>Created: {created}, already known: {existing}, duplicates: {duplicates}, invalid: {invalid}.</source>
        <translation>Créés : {created}, déjà connus : {existing}, doublons : {duplicates}, invalides : {invalid}.</translation>
    </message>
    <message>
        <source>Invalid lines: {lines}</source>
        <translation>Lignes invalides : {lines}</translation>
    </message>
</context>
<context>
    <name>DomainsScreen</name>
    <message>
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domaine</translation>
    </message>
    <message>
        <source>TLD</source>
        <translation>TLD</translation>
    </message>
    <message>
        <source>Alias of</source>
        <translation>Alias de</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Créé</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Profil de collecte</translation>
    </message>
    <message>
        <source>Seed lists</source>
        <translation>Listes de graines</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Objets max.</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Octets max.</translation>
    </message>
    <message>
        <source>Requests/min</source>
        <translation>Requêtes/min</translation>
    </message>
    <message>
        <source>Default</source>
        <translation>Par défaut</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Realm</source>
        <translation>Domaine d’authentification</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Utilisateur</translation>
    </message>
    <message>
        <source>Harvest</source>
        <translation>Collecte</translation>
    </message>
    <message>
        <source>Job</source>
        <translation>Tâche</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objets</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Octets</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Raison d’arrêt</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>History of {domain}</source>
        <translation>Historique de {domain}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domaines</translation>
    </message>
    <message>
        <source>Start here: the domains to harvest, their seeds and configurations.</source>
        <translation>Commencez ici : les domaines à collecter, leurs graines et configurations.</translation>
    </message>
    <message>
        <source>Search with * and ?, e.g. *.dk or kb*</source>
        <translation>Recherche avec * et ?, p. ex. *.dk ou kb*</translation>
    </message>
    <message>
        <source>in names</source>
        <translation>dans les noms</translation>
    </message>
    <message>
        <source>in comments</source>
        <translation>dans les commentaires</translation>
    </message>
    <message>
        <source>in crawler traps</source>
        <translation>dans les pièges à robots</translation>
    </message>
    <message>
        <source>Search</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <source>New domain:</source>
        <translation>Nouveau domaine :</translation>
    </message>
    <message>
        <source>Create</source>
        <translation>Créer</translation>
    </message>
    <message>
        <source>Mass ingest of a domain list…</source>
        <translation>Import en masse d’une liste de domaines…</translation>
    </message>
    <message>
        <source>General</source>
        <translation>Général</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Configurations</translation>
    </message>
    <message>
        <source>Crawler traps</source>
        <translation>Pièges à robots</translation>
    </message>
    <message>
        <source>Owner info</source>
        <translation>Informations sur le propriétaire</translation>
    </message>
    <message>
        <source>Site logins</source>
        <translation>Identifiants de site</translation>
    </message>
    <message>
        <source>Harvest history</source>
        <translation>Historique des collectes</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commentaires :</translation>
    </message>
    <message>
        <source>Alias of (domain):</source>
        <translation>Alias de (domaine) :</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>Browse this domain&apos;s history</source>
        <translation>Parcourir l’historique de ce domaine</translation>
    </message>
    <message>
        <source>Opens the archive browser on every ended job of this domain&apos;s history: step through its captures</source>
        <translation>Ouvre le navigateur d’archives sur toutes les tâches terminées de l’historique de ce domaine : parcourez ses captures</translation>
    </message>
    <message>
        <source>Seed list name:</source>
        <translation>Nom de la liste de graines :</translation>
    </message>
    <message>
        <source>Seeds (one URL a line):</source>
        <translation>Graines (une URL par ligne) :</translation>
    </message>
    <message>
        <source>Save seed list</source>
        <translation>Enregistrer la liste de graines</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <source>Crawl profile:</source>
        <translation>Profil de collecte :</translation>
    </message>
    <message>
        <source>Seed lists:</source>
        <translation>Listes de graines :</translation>
    </message>
    <message>
        <source>Max objects:</source>
        <translation>Objets max. :</translation>
    </message>
    <message>
        <source>Max bytes:</source>
        <translation>Octets max. :</translation>
    </message>
    <message>
        <source>Max requests a minute:</source>
        <translation>Requêtes max. par minute :</translation>
    </message>
    <message>
        <source>Default configuration:</source>
        <translation>Configuration par défaut :</translation>
    </message>
    <message>
        <source>Save configuration</source>
        <translation>Enregistrer la configuration</translation>
    </message>
    <message>
        <source>Crawler traps (one regular expression a line):</source>
        <translation>Pièges à robots (une expression régulière par ligne) :</translation>
    </message>
    <message>
        <source>Save crawler traps</source>
        <translation>Enregistrer les pièges à robots</translation>
    </message>
    <message>
        <source>New note:</source>
        <translation>Nouvelle note :</translation>
    </message>
    <message>
        <source>Add note</source>
        <translation>Ajouter la note</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL :</translation>
    </message>
    <message>
        <source>Realm:</source>
        <translation>Domaine d’authentification :</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>Utilisateur :</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Mot de passe :</translation>
    </message>
    <message>
        <source>Add site login</source>
        <translation>Ajouter un identifiant de site</translation>
    </message>
    <message numerus="yes">
        <source>%Ln domain(s)</source>
        <translation>
            <numerusform>%Ln domaine</numerusform>
            <numerusform>%Ln domaines</numerusform>
        </translation>
    </message>
    <message>
        <source>Choose a domain on the left.</source>
        <translation>Choisissez un domaine à gauche.</translation>
    </message>
    <message>
        <source>{name} (edition {edition})</source>
        <translation>{name} (édition {edition})</translation>
    </message>
    <message>
        <source>Alias set {set}, to be confirmed again by {expires}.</source>
        <translation>Alias défini le {set}, à reconfirmer avant le {expires}.</translation>
    </message>
    <message>
        <source>Aliases of this domain: {aliases}</source>
        <translation>Alias de ce domaine : {aliases}</translation>
    </message>
    <message>
        <source>(the domain&apos;s default)</source>
        <translation>(celui par défaut du domaine)</translation>
    </message>
    <message>
        <source>(new seed list)</source>
        <translation>(nouvelle liste de graines)</translation>
    </message>
    <message>
        <source>Domain list to ingest</source>
        <translation>Liste de domaines à importer</translation>
    </message>
    <message>
        <source>Text files (*.txt);;All files (*)</source>
        <translation>Fichiers texte (*.txt);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Ingesting {file}…</source>
        <translation>Import de {file}…</translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The service could not do this.</source>
        <translation>Le service n’a pas pu effectuer cette opération.</translation>
    </message>
    <message>
        <source>The input is not valid.</source>
        <translation>La saisie n’est pas valide.</translation>
    </message>
    <message>
        <source>The configuration is not valid: {key}.</source>
        <translation>La configuration n’est pas valide : {key}.</translation>
    </message>
    <message>
        <source>This name is not allowed: it must not contain &apos;/&apos;, &apos;..&apos; or control characters.</source>
        <translation>Ce nom n’est pas autorisé : il ne doit contenir ni &apos;/&apos;, ni &apos;..&apos;, ni caractères de contrôle.</translation>
    </message>
    <message>
        <source>This is not a domain name that can be registered (for example kb.dk, not co.uk).</source>
        <translation>Ce n’est pas un nom de domaine enregistrable (par exemple kb.dk, pas co.uk).</translation>
    </message>
    <message>
        <source>This URL is not valid or not allowed here.</source>
        <translation>Cette URL n’est pas valide ou n’est pas autorisée ici.</translation>
    </message>
    <message>
        <source>This regular expression is not valid (problem at position {position}).</source>
        <translation>Cette expression régulière n’est pas valide (problème à la position {position}).</translation>
    </message>
    <message>
        <source>The crawl profile is not valid.</source>
        <translation>Le profil de collecte n’est pas valide.</translation>
    </message>
    <message>
        <source>The schedule is not valid ({field}: {reason}).</source>
        <translation>La planification n’est pas valide ({field} : {reason}).</translation>
    </message>
    <message>
        <source>The WARC file cannot be read.</source>
        <translation>Le fichier WARC est illisible.</translation>
    </message>
    <message>
        <source>The WACZ package cannot be read or is damaged.</source>
        <translation>Le paquet WACZ est illisible ou endommagé.</translation>
    </message>
    <message>
        <source>It does not exist (any more).</source>
        <translation>Cet élément n’existe pas (ou plus).</translation>
    </message>
    <message>
        <source>There is no such domain.</source>
        <translation>Ce domaine n’existe pas.</translation>
    </message>
    <message>
        <source>There is no such job.</source>
        <translation>Cette tâche n’existe pas.</translation>
    </message>
    <message>
        <source>There is no such file in the archive.</source>
        <translation>Ce fichier n’existe pas dans l’archive.</translation>
    </message>
    <message>
        <source>This clashes with the current state.</source>
        <translation>Cela contredit l’état actuel.</translation>
    </message>
    <message>
        <source>One with this name already exists.</source>
        <translation>Un élément portant ce nom existe déjà.</translation>
    </message>
    <message>
        <source>Someone else saved this in the meantime. Reload it and make your change again.</source>
        <translation>Quelqu’un d’autre a enregistré cet élément entre-temps. Rechargez-le et refaites votre modification.</translation>
    </message>
    <message>
        <source>This change of state is not allowed (from {from} to {to}).</source>
        <translation>Ce changement d’état n’est pas autorisé (de {from} à {to}).</translation>
    </message>
    <message>
        <source>The job was cancelled by a curator.</source>
        <translation>Le job a été annulé par un curateur.</translation>
    </message>
    <message>
        <source>You are not allowed to do this.</source>
        <translation>Vous n’êtes pas autorisé à faire cela.</translation>
    </message>
    <message>
        <source>The permission was refused: the token is forged, expired, already used, or not for this action.</source>
        <translation>L’autorisation a été refusée : le jeton est falsifié, expiré, déjà utilisé ou ne vaut pas pour cette action.</translation>
    </message>
    <message>
        <source>The content does not match its checksum.</source>
        <translation>Le contenu ne correspond pas à sa somme de contrôle.</translation>
    </message>
    <message>
        <source>A needed service or resource does not answer. Try again later.</source>
        <translation>Un service ou une ressource nécessaire ne répond pas. Réessayez plus tard.</translation>
    </message>
    <message>
        <source>A replica of the archive does not answer. Try again later.</source>
        <translation>Une réplique de l’archive ne répond pas. Réessayez plus tard.</translation>
    </message>
    <message>
        <source>A service took too long to answer. Try again later.</source>
        <translation>Un service a mis trop de temps à répondre. Réessayez plus tard.</translation>
    </message>
    <message>
        <source>The archive has no room for more files.</source>
        <translation>L’archive n’a plus de place pour d’autres fichiers.</translation>
    </message>
    <message>
        <source>The file could not be stored in the archive.</source>
        <translation>Le fichier n’a pas pu être stocké dans l’archive.</translation>
    </message>
    <message>
        <source>There is no such batch job.</source>
        <translation>Ce traitement par lots n’existe pas.</translation>
    </message>
    <message>
        <source>None of these jobs has data an index can be made from.</source>
        <translation>Aucune de ces tâches n’a de données permettant de construire un index.</translation>
    </message>
    <message>
        <source>The index is not ready yet. Try again in a moment.</source>
        <translation>L’index n’est pas encore prêt. Réessayez dans un instant.</translation>
    </message>
    <message>
        <source>There is no such QA run.</source>
        <translation>Cette exécution de QA n&apos;existe pas.</translation>
    </message>
    <message>
        <source>QA has not checked this page of the job.</source>
        <translation>La QA n&apos;a pas vérifié cette page du job.</translation>
    </message>
    <message>
        <source>QA reads a job from the archive: the job must have finished first.</source>
        <translation>La QA lit un job dans l&apos;archive : le job doit d&apos;abord être terminé.</translation>
    </message>
    <message>
        <source>QA found nothing missing in this job: there is nothing to patch.</source>
        <translation>La QA n&apos;a rien trouvé de manquant dans ce job : il n&apos;y a rien à compléter.</translation>
    </message>
    <message>
        <source>The installation description is not valid: see the problems listed.</source>
        <translation>La description de l&apos;installation n&apos;est pas valide : voir les problèmes listés.</translation>
    </message>
    <message>
        <source>That notification does not exist (any more).</source>
        <translation>Cette notification n&apos;existe pas (ou plus).</translation>
    </message>
    <message>
        <source>The copy&apos;s checksum is not the one you named as bad.</source>
        <translation>La somme de contrôle de la copie n&apos;est pas celle que vous avez indiquée comme mauvaise.</translation>
    </message>
    <message>
        <source>This copy equals the reference: there is nothing to repair.</source>
        <translation>Cette copie est identique à la référence : il n&apos;y a rien à réparer.</translation>
    </message>
    <message>
        <source>No other replica has a good copy to repair from.</source>
        <translation>Aucune autre réplique ne possède de bonne copie à partir de laquelle réparer.</translation>
    </message>
    <message>
        <source>This browsing session no longer exists. Open the job again.</source>
        <translation>Cette session de navigation n&apos;existe plus. Rouvrez la tâche.</translation>
    </message>
    <message>
        <source>This browsing session was stopped. Open the job again.</source>
        <translation>Cette session de navigation a été arrêtée. Rouvrez la tâche.</translation>
    </message>
    <message>
        <source>The services cannot be reached. Check the connection settings.</source>
        <translation>Les services sont injoignables. Vérifiez les paramètres de connexion.</translation>
    </message>
    <message>
        <source>The service is not running.</source>
        <translation>Le service ne fonctionne pas.</translation>
    </message>
    <message>
        <source>The service did not answer in time.</source>
        <translation>Le service n’a pas répondu à temps.</translation>
    </message>
    <message>
        <source>Something unexpected went wrong on the server.</source>
        <translation>Une erreur inattendue s’est produite sur le serveur.</translation>
    </message>
    <message>
        <source>Something went wrong (error code: {code}).</source>
        <translation>Une erreur s’est produite (code d’erreur : {code}).</translation>
    </message>
    <message>
        <source>domain</source>
        <translation>domaine</translation>
    </message>
    <message>
        <source>crawl profile</source>
        <translation>profil de collecte</translation>
    </message>
    <message>
        <source>harvest definition</source>
        <translation>définition de collecte</translation>
    </message>
    <message>
        <source>harvest channel</source>
        <translation>canal de collecte</translation>
    </message>
    <message>
        <source>schedule</source>
        <translation>calendrier</translation>
    </message>
    <message>
        <source>crawler trap list</source>
        <translation>liste de pièges à robots</translation>
    </message>
    <message>
        <source>seed list</source>
        <translation>liste de graines</translation>
    </message>
    <message>
        <source>configuration</source>
        <translation>configuration</translation>
    </message>
    <message>
        <source>ingest run</source>
        <translation>import</translation>
    </message>
    <message>
        <source>The seed {url} is outside the domain {domain}.</source>
        <translation>La graine {url} est en dehors du domaine {domain}.</translation>
    </message>
    <message>
        <source>Only http and https URLs can be seeds: {url}</source>
        <translation>Seules les URL http et https peuvent être des graines : {url}</translation>
    </message>
    <message>
        <source>This URL has no host name: {url}</source>
        <translation>Cette URL n&apos;a pas de nom d&apos;hôte : {url}</translation>
    </message>
    <message>
        <source>This is not a valid URL: {url}</source>
        <translation>Ce n&apos;est pas une URL valide : {url}</translation>
    </message>
    <message>
        <source>There is no domain {name}.</source>
        <translation>Le domaine {name} n&apos;existe pas.</translation>
    </message>
    <message>
        <source>Not found: {object} &apos;{name}&apos;.</source>
        <translation>Introuvable : {object} « {name} ».</translation>
    </message>
    <message>
        <source>Already exists: {object} &apos;{name}&apos;.</source>
        <translation>Existe déjà : {object} « {name} ».</translation>
    </message>
    <message>
        <source>Details: {message}</source>
        <translation>Détails : {message}</translation>
    </message>
</context>
<context>
    <name>Formatting</name>
    <message numerus="yes">
        <source>%Ln second(s) ago</source>
        <translation>
            <numerusform>il y a %Ln seconde</numerusform>
            <numerusform>il y a %Ln secondes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln minute(s) ago</source>
        <translation>
            <numerusform>il y a %Ln minute</numerusform>
            <numerusform>il y a %Ln minutes</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>HarvestsController</name>
    <message>
        <source>Line {line}: give a domain, and a configuration if not the default.</source>
        <translation>Ligne {line} : indiquez un domaine, et une configuration si ce n’est pas celle par défaut.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Indiquez au moins un domaine.</translation>
    </message>
    <message>
        <source>Nothing to save: {name} is as shown.</source>
        <translation>Rien à enregistrer : {name} est tel qu’affiché.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} enregistré.</translation>
    </message>
    <message>
        <source>Not harvested: another scheduler is making its jobs right now.</source>
        <translation>Non moissonné : un autre planificateur crée ses tâches en ce moment.</translation>
    </message>
    <message>
        <source>Run {run} failed: {reason}</source>
        <translation>L’exécution {run} a échoué : {reason}</translation>
    </message>
    <message>
        <source>Run {run} of {name} is being made; its jobs appear on the jobs screen.</source>
        <translation>L’exécution {run} de {name} est en cours de création ; ses tâches apparaissent dans l’écran des tâches.</translation>
    </message>
    <message>
        <source>Job {id}: cancelling; the harvester stops at its next report.</source>
        <translation>Tâche {id} : annulation en cours ; le moissonneur s’arrête à son prochain rapport.</translation>
    </message>
    <message>
        <source>Job {id} cancelled.</source>
        <translation>Tâche {id} annulée.</translation>
    </message>
</context>
<context>
    <name>HarvestsScreen</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Actif</translation>
    </message>
    <message>
        <source>Schedule</source>
        <translation>Planification</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Runs</source>
        <translation>Exécutions</translation>
    </message>
    <message>
        <source>Next run</source>
        <translation>Prochaine exécution</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Configurations</translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>Problème</translation>
    </message>
    <message>
        <source>{name}, run {run}</source>
        <translation>{name}, exécution {run}</translation>
    </message>
    <message>
        <source>Choose a harvest definition in the list to see and change it.</source>
        <translation>Choisissez une définition de moisson dans la liste pour la voir et la modifier.</translation>
    </message>
    <message>
        <source>{name} ({kind}), {runs}</source>
        <translation>{name} ({kind}), {runs}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln run(s)</source>
        <translation>
            <numerusform>%Ln exécution</numerusform>
            <numerusform>%Ln exécutions</numerusform>
        </translation>
    </message>
    <message>
        <source>Harvest definitions</source>
        <translation>Définitions de collecte</translation>
    </message>
    <message>
        <source>What to harvest when: selective, event and snapshot harvests.</source>
        <translation>Quoi collecter et quand : collectes sélectives, événementielles et instantanés.</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>Tous les types</translation>
    </message>
    <message>
        <source>Selective</source>
        <translation>Sélective</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>Snapshot</source>
        <translation>Instantanée</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Activer</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Désactiver</translation>
    </message>
    <message>
        <source>New selective harvest</source>
        <translation>Nouvelle collecte sélective</translation>
    </message>
    <message>
        <source>Chosen harvest</source>
        <translation>Moisson choisie</translation>
    </message>
    <message>
        <source>New event harvest</source>
        <translation>Nouvelle collecte événementielle</translation>
    </message>
    <message>
        <source>New snapshot harvest</source>
        <translation>Nouvelle collecte instantanée</translation>
    </message>
    <message>
        <source>Max bytes per domain:</source>
        <translation>Octets max. par domaine :</translation>
    </message>
    <message>
        <source>Max objects per domain:</source>
        <translation>Objets max. par domaine :</translation>
    </message>
    <message>
        <source>Max job running time in seconds:</source>
        <translation>Durée max. d’une tâche en secondes :</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <source>Save changes</source>
        <translation>Enregistrer les modifications</translation>
    </message>
    <message>
        <source>Harvest now</source>
        <translation>Moissonner maintenant</translation>
    </message>
    <message>
        <source>run </source>
        <translation>exécution </translation>
    </message>
    <message>
        <source>Browse this run</source>
        <translation>Parcourir cette exécution</translation>
    </message>
    <message>
        <source>Opens the archive browser on the ended jobs of the chosen run</source>
        <translation>Ouvre le navigateur d’archives sur les tâches terminées de l’exécution choisie</translation>
    </message>
    <message>
        <source>One run now, besides the schedule; its jobs appear on the jobs screen.</source>
        <translation>Une exécution maintenant, en plus du calendrier ; ses tâches apparaissent dans l’écran des tâches.</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <source>Harvest channel:</source>
        <translation>Canal de collecte :</translation>
    </message>
    <message>
        <source>Schedule:</source>
        <translation>Planification :</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commentaires :</translation>
    </message>
    <message>
        <source>Max bytes per domain (-1: no limit):</source>
        <translation>Octets max. par domaine (-1 : sans limite) :</translation>
    </message>
    <message>
        <source>Max objects per domain (-1: no limit):</source>
        <translation>Objets max. par domaine (-1 : sans limite) :</translation>
    </message>
    <message>
        <source>Domains (one a line; &apos;domain configuration&apos; for another than the default):</source>
        <translation>Domaines (un par ligne ; &apos;domaine configuration&apos; pour une autre que celle par défaut) :</translation>
    </message>
    <message>
        <source>URLs (one a line):</source>
        <translation>URL (une par ligne) :</translation>
    </message>
    <message>
        <source>Max job running time in seconds (0: no limit):</source>
        <translation>Durée max. d’une tâche en secondes (0 : sans limite) :</translation>
    </message>
    <message>
        <source>Based on an earlier snapshot:</source>
        <translation>Fondée sur une collecte instantanée antérieure :</translation>
    </message>
    <message>
        <source>Create selective harvest</source>
        <translation>Créer la collecte sélective</translation>
    </message>
    <message>
        <source>Create event harvest</source>
        <translation>Créer la collecte événementielle</translation>
    </message>
    <message>
        <source>Create snapshot harvest</source>
        <translation>Créer la collecte instantanée</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>(aucune)</translation>
    </message>
    <message>
        <source>(default channel)</source>
        <translation>(canal par défaut)</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} enregistré.</translation>
    </message>
    <message>
        <source>Give at least one domain.</source>
        <translation>Indiquez au moins un domaine.</translation>
    </message>
    <message>
        <source>Choose a schedule.</source>
        <translation>Choisissez une planification.</translation>
    </message>
    <message>
        <source>Domains in this list (created if unknown): {domains}</source>
        <translation>Domaines de cette liste (créés s’ils sont inconnus) : {domains}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln line(s) not a URL under a domain.</source>
        <translation>
            <numerusform>%Ln ligne n&apos;est pas une URL sous un domaine.</numerusform>
            <numerusform>%Ln lignes ne sont pas des URL sous un domaine.</numerusform>
        </translation>
    </message>
    <message>
        <source>Paste at least one URL.</source>
        <translation>Collez au moins une URL.</translation>
    </message>
    <message>
        <source>line {line}: {text}</source>
        <translation>ligne {line} : {text}</translation>
    </message>
</context>
<context>
    <name>Inputs</name>
    <message>
        <source>Give a whole number.</source>
        <translation>Indiquez un nombre entier.</translation>
    </message>
    <message>
        <source>Give a number of at least {minimum}.</source>
        <translation>Indiquez un nombre d’au moins {minimum}.</translation>
    </message>
    <message>
        <source>Give a whole number of at least 0, or -1 (or nothing) for no limit.</source>
        <translation>Indiquez un nombre entier d&apos;au moins 0, ou -1 (ou rien) pour aucune limite.</translation>
    </message>
    <message>
        <source>Give a whole number of seconds, 0 (or nothing) for no limit.</source>
        <translation>Indiquez un nombre entier de secondes, 0 (ou rien) pour aucune limite.</translation>
    </message>
    <message>
        <source>This cannot be empty.</source>
        <translation>Ce champ ne peut pas être vide.</translation>
    </message>
</context>
<context>
    <name>JobDetails</name>
    <message>
        <source>created</source>
        <translation>créé</translation>
    </message>
    <message>
        <source>submitted to its channel</source>
        <translation>soumis à son canal</translation>
    </message>
    <message>
        <source>claimed by harvester {detail}</source>
        <translation>pris par le collecteur {detail}</translation>
    </message>
    <message>
        <source>crawl started</source>
        <translation>collecte démarrée</translation>
    </message>
    <message>
        <source>reported by the harvester</source>
        <translation>rapporté par le collecteur</translation>
    </message>
    <message>
        <source>ended: {detail}</source>
        <translation>terminé : {detail}</translation>
    </message>
    <message>
        <source>resubmitted as job {detail}</source>
        <translation>relancé comme job {detail}</translation>
    </message>
    <message>
        <source>Time</source>
        <translation>Heure</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>MIME type</source>
        <translation>Type MIME</translation>
    </message>
    <message>
        <source>Referrer</source>
        <translation>Référent</translation>
    </message>
    <message>
        <source>Annotations</source>
        <translation>Annotations</translation>
    </message>
    <message>
        <source>The archive holds no metadata file of this job ({file}) yet.</source>
        <translation>L&apos;archive ne contient pas encore de fichier de métadonnées de ce job ({file}).</translation>
    </message>
    <message>
        <source>The job&apos;s files cannot be listed: {reason}</source>
        <translation>Impossible de lister les fichiers du job : {reason}</translation>
    </message>
    <message>
        <source>The metadata file arrived damaged (its checksum differs).</source>
        <translation>Le fichier de métadonnées est arrivé endommagé (somme de contrôle différente).</translation>
    </message>
    <message>
        <source>The metadata file cannot be read.</source>
        <translation>Le fichier de métadonnées est illisible.</translation>
    </message>
    <message>
        <source>The metadata file is too large to show.</source>
        <translation>Le fichier de métadonnées est trop grand pour être affiché.</translation>
    </message>
    <message>
        <source>The archive did not hand out the metadata file.</source>
        <translation>L&apos;archive n&apos;a pas fourni le fichier de métadonnées.</translation>
    </message>
    <message>
        <source>Not a status filter: {text} (use e.g. 200, 4xx, -2 or &lt;0).</source>
        <translation>Filtre de statut invalide : {text} (par ex. 200, 4xx, -2 ou &lt;0).</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Resoumise comme tâche {id}</translation>
    </message>
    <message>
        <source>No QA service answers here.</source>
        <translation>Aucun service de QA ne répond ici.</translation>
    </message>
    <message>
        <source>no limit</source>
        <translation>sans limite</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domaine</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objets</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Octets</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Raison d’arrêt</translation>
    </message>
    <message>
        <source>Deduplicated</source>
        <translation>Dédupliqués</translation>
    </message>
    <message>
        <source>Space saved</source>
        <translation>Espace économisé</translation>
    </message>
    <message>
        <source>Max objects</source>
        <translation>Objets max.</translation>
    </message>
    <message>
        <source>Max bytes</source>
        <translation>Octets max.</translation>
    </message>
</context>
<context>
    <name>JobDetailsScreen</name>
    <message>
        <source>Job details</source>
        <extracomment>set by the frame when an archive browser is there to open (else the button is hidden)</extracomment>
        <translation>Détails du job</translation>
    </message>
    <message>
        <source>What one job did: its history, domains, crawl log, reports and files.</source>
        <translation>Ce qu&apos;a fait un job : historique, domaines, journal, rapports et fichiers.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job :</translation>
    </message>
    <message>
        <source>Open</source>
        <translation>Ouvrir</translation>
    </message>
    <message>
        <source>Resubmit</source>
        <translation>Relancer</translation>
    </message>
    <message>
        <source>Only a failed or cancelled job can be resubmitted.</source>
        <translation>Seul un job échoué ou annulé peut être relancé.</translation>
    </message>
    <message>
        <source>Browse this job</source>
        <translation>Parcourir ce job</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Exporter en WACZ…</translation>
    </message>
    <message>
        <source>This job&apos;s files, index and pages as one WACZ file (ReplayWeb.page and pywb open it).</source>
        <translation>Les fichiers, l’index et les pages de cette tâche en un seul fichier WACZ (ReplayWeb.page et pywb l’ouvrent).</translation>
    </message>
    <message>
        <source>Status history:</source>
        <translation>Historique des statuts :</translation>
    </message>
    <message>
        <source>QA review…</source>
        <translation>Revue QA…</translation>
    </message>
    <message>
        <source>Overview</source>
        <translation>Vue d&apos;ensemble</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domaines</translation>
    </message>
    <message>
        <source>Crawl log</source>
        <translation>Journal de collecte</translation>
    </message>
    <message>
        <source>Reports</source>
        <translation>Rapports</translation>
    </message>
    <message>
        <source>Files</source>
        <translation>Fichiers</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Statut :</translation>
    </message>
    <message>
        <source>MIME type:</source>
        <translation>Type MIME :</translation>
    </message>
    <message>
        <source>URL:</source>
        <translation>URL :</translation>
    </message>
    <message>
        <source>e.g. 200, 4xx, &lt;0</source>
        <translation>par ex. 200, 4xx, &lt;0</translation>
    </message>
    <message>
        <source>e.g. image</source>
        <translation>par ex. image</translation>
    </message>
    <message>
        <source>e.g. */news/* or a part of the URL</source>
        <translation>par ex. */news/* ou une partie de l&apos;URL</translation>
    </message>
    <message>
        <source>Filter</source>
        <translation>Filtrer</translation>
    </message>
    <message>
        <source>◀ Previous</source>
        <translation>◀ Précédent</translation>
    </message>
    <message>
        <source>Next ▶</source>
        <translation>Suivant ▶</translation>
    </message>
    <message>
        <source>Choose a job on the Jobs screen, or type its number.</source>
        <translation>Choisissez un job dans l&apos;écran Jobs ou tapez son numéro.</translation>
    </message>
    <message>
        <source>Reading the job&apos;s crawl log and reports from the archive…</source>
        <translation>Lecture du journal et des rapports du job depuis l&apos;archive…</translation>
    </message>
    <message>
        <source>Job {id}</source>
        <translation>Tâche {id}</translation>
    </message>
    <message>
        <source>Job {id}, with its metadata and the originals of its revisits.</source>
        <translation>Tâche {id}, avec ses métadonnées et les originaux de ses revisites.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Tâche {id} : {status}</translation>
    </message>
    <message>
        <source>Outcome: {outcome}</source>
        <translation>Résultat : {outcome}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Collecte : {harvest}, exécution {run}, canal {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Profil de collecte : {profile}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Collecté : %Ln objet, {bytes}</numerusform>
            <numerusform>Collecté : %Ln objets, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Deduplication: %Ln object(s) not stored again, {bytes} saved</source>
        <translation>
            <numerusform>Déduplication : %Ln objet non stocké à nouveau, {bytes} économisés</numerusform>
            <numerusform>Déduplication : %Ln objets non stockés à nouveau, {bytes} économisés</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln graine :</numerusform>
            <numerusform>%Ln graines :</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Raisons d’arrêt : {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Échec</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Erreur de collecte</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Erreur de téléversement</translation>
    </message>
    <message>
        <source>QA: not checked yet.</source>
        <translation>QA : pas encore vérifié.</translation>
    </message>
    <message>
        <source>QA: {summary}</source>
        <translation>QA : {summary}</translation>
    </message>
    <message>
        <source>Worst pages: {pages}</source>
        <translation>Pires pages : {pages}</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Fichier</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>Taille</translation>
    </message>
    <message>
        <source>Checksum (MD5)</source>
        <translation>Somme de contrôle (MD5)</translation>
    </message>
    <message>
        <source>In {replica}</source>
        <translation>Dans {replica}</translation>
    </message>
    <message>
        <source>From {file}: {lines} crawl log lines, {reports} reports and logs.</source>
        <translation>De {file} : {lines} lignes de journal, {reports} rapports et journaux.</translation>
    </message>
    <message>
        <source>Lines {first}–{last} of {total} matching (of {all} in the crawl log)</source>
        <translation>Lignes {first}–{last} sur {total} trouvées (sur {all} dans le journal)</translation>
    </message>
</context>
<context>
    <name>JobPages</name>
    <message>
        <source>Seed</source>
        <extracomment>QA results read for the scores column (pages of 1000, the qa service&apos;s largest) the list&apos;s states, for the tab&apos;s line under the list</extracomment>
        <translation>Graine</translation>
    </message>
    <message>
        <source>Rendered</source>
        <translation>Rendue</translation>
    </message>
    <message>
        <source>Page</source>
        <translation>Page</translation>
    </message>
    <message>
        <source>Sample</source>
        <translation>Échantillon</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>QA score</source>
        <translation>Score QA</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Captured</source>
        <translation>Capturée</translation>
    </message>
    <message>
        <source>not captured</source>
        <translation>non capturée</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) starting with {prefix}</source>
        <translation>
            <numerusform>%Ln page commençant par {prefix}</numerusform>
            <numerusform>%Ln pages commençant par {prefix}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s): seeds first</source>
        <translation>
            <numerusform>%Ln page : les graines d&apos;abord</numerusform>
            <numerusform>%Ln pages : les graines d&apos;abord</numerusform>
        </translation>
    </message>
    <message>
        <source>The page list of job {job} is being made from its index…</source>
        <translation>La liste des pages du job {job} est en cours de création à partir de son index…</translation>
    </message>
    <message>
        <source>Type the start of a URL: a host name, then a path if you like (example.dk/news/).</source>
        <translation>Tapez le début d&apos;une URL : un nom d&apos;hôte, puis un chemin si vous voulez (example.dk/news/).</translation>
    </message>
    <message>
        <source>The page list cannot be shown: {reason}</source>
        <translation>La liste des pages ne peut pas être affichée : {reason}</translation>
    </message>
</context>
<context>
    <name>JobsScreen</name>
    <message>
        <source>Job</source>
        <extracomment>the status filter&apos;s choices: the filter words of the one vocabulary (shared/job_states.py), the same the command line takes (`nas jobs list --status`)</extracomment>
        <translation>Tâche</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Harvest</source>
        <translation>Collecte</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Exécution</translation>
    </message>
    <message>
        <source>Channel</source>
        <translation>Canal</translation>
    </message>
    <message>
        <source>Configurations</source>
        <translation>Configurations</translation>
    </message>
    <message>
        <source>Expected objects</source>
        <translation>Objets attendus</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Créé</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>Démarrée</translation>
    </message>
    <message>
        <source>Ended</source>
        <translation>Terminé</translation>
    </message>
    <message>
        <source>Harvester</source>
        <translation>Moissonneur</translation>
    </message>
    <message>
        <source>URIs done</source>
        <translation>URI traitées</translation>
    </message>
    <message>
        <source>URIs queued</source>
        <translation>URI en attente</translation>
    </message>
    <message>
        <source>Bytes</source>
        <translation>Octets</translation>
    </message>
    <message>
        <source>URIs/s</source>
        <translation>URI/s</translation>
    </message>
    <message>
        <source>Crawler says</source>
        <translation>Message du robot</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>Mis à jour</translation>
    </message>
    <message>
        <source>Domain</source>
        <translation>Domaine</translation>
    </message>
    <message>
        <source>Configuration</source>
        <translation>Configuration</translation>
    </message>
    <message>
        <source>Objects</source>
        <translation>Objets</translation>
    </message>
    <message>
        <source>Stop reason</source>
        <translation>Raison d’arrêt</translation>
    </message>
    <message>
        <source>Jobs</source>
        <translation>Tâches</translation>
    </message>
    <message>
        <source>Every harvest job: running, done, failed; resubmit a failed one.</source>
        <translation>Tous les jobs de collecte : en cours, terminés, échoués ; relancer un job échoué.</translation>
    </message>
    <message>
        <source>Running jobs:</source>
        <translation>Tâches en cours :</translation>
    </message>
    <message>
        <source>any status</source>
        <translation>tout état</translation>
    </message>
    <message>
        <source>Job id from</source>
        <translation>Identifiant de tâche à partir de</translation>
    </message>
    <message>
        <source>Job id to</source>
        <translation>Identifiant de tâche jusqu’à</translation>
    </message>
    <message>
        <source>Created to</source>
        <translation>Créée jusqu’au</translation>
    </message>
    <message>
        <source>Created from</source>
        <translation>Créée à partir du</translation>
    </message>
    <message>
        <source>Apply filters</source>
        <translation>Appliquer les filtres</translation>
    </message>
    <message>
        <source>Resubmit failed job</source>
        <translation>Resoumettre la tâche échouée</translation>
    </message>
    <message>
        <source>Cancel job…</source>
        <translation>Annuler la tâche…</translation>
    </message>
    <message>
        <source>A queued job ends at once; a running one stops its crawl and keeps what it harvested.</source>
        <translation>Une tâche en attente se termine aussitôt ; une tâche en cours arrête son crawl et garde ce qu’elle a moissonné.</translation>
    </message>
    <message>
        <source>Crawl log, reports and files…</source>
        <translation>Journal, rapports et fichiers…</translation>
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
        <translation>Identifiant de tâche : {problem}</translation>
    </message>
    <message>
        <source>The first job id is larger than the last.</source>
        <translation>Le premier identifiant de tâche est supérieur au dernier.</translation>
    </message>
    <message>
        <source>The first date is after the last.</source>
        <translation>La première date est postérieure à la dernière.</translation>
    </message>
    <message>
        <source>Job {id}: {status}</source>
        <translation>Tâche {id} : {status}</translation>
    </message>
    <message>
        <source>Harvest: {harvest}, run {run}, channel {channel}</source>
        <translation>Collecte : {harvest}, exécution {run}, canal {channel}</translation>
    </message>
    <message>
        <source>Crawl profile: {profile}</source>
        <translation>Profil de collecte : {profile}</translation>
    </message>
    <message>
        <source>Created {created}, started {started}, ended {ended}</source>
        <translation>Créée {created}, démarrée {started}, terminée {ended}</translation>
    </message>
    <message numerus="yes">
        <source>Harvested: %Ln object(s), {bytes}</source>
        <translation>
            <numerusform>Collecté : %Ln objet, {bytes}</numerusform>
            <numerusform>Collecté : %Ln objets, {bytes}</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln seed(s):</source>
        <translation>
            <numerusform>%Ln graine :</numerusform>
            <numerusform>%Ln graines :</numerusform>
        </translation>
    </message>
    <message>
        <source>Stop reasons: {reasons}</source>
        <translation>Raisons d’arrêt : {reasons}</translation>
    </message>
    <message>
        <source>Failure</source>
        <translation>Échec</translation>
    </message>
    <message>
        <source>Harvest error</source>
        <translation>Erreur de collecte</translation>
    </message>
    <message>
        <source>Upload error</source>
        <translation>Erreur de téléversement</translation>
    </message>
    <message>
        <source>Cancelling: asked {time}; the harvester stops at its next report.</source>
        <translation>Annulation : demandée le {time} ; le moissonneur s’arrête à son prochain rapport.</translation>
    </message>
    <message>
        <source>Resubmitted as job {id}</source>
        <translation>Resoumise comme tâche {id}</translation>
    </message>
    <message>
        <source>Cancel job {id}</source>
        <translation>Annuler la tâche {id}</translation>
    </message>
    <message>
        <source>Why (kept with the job; may be empty):</source>
        <translation>Pourquoi (conservé avec la tâche ; peut être vide) :</translation>
    </message>
</context>
<context>
    <name>LoginDialog</name>
    <message>
        <source>This cannot be empty.</source>
        <translation>Ce champ ne peut pas être vide.</translation>
    </message>
    <message>
        <source>Give the broker as amqp://host:port (or amqps://host:port).</source>
        <translation>Indiquez le broker sous la forme amqp://hôte:port (ou amqps://hôte:port).</translation>
    </message>
    <message>
        <source>Give the viewerproxy as http://host:port.</source>
        <translation>Indiquez le viewerproxy sous la forme http://hôte:port.</translation>
    </message>
    <message>
        <source>Signing in…</source>
        <translation>Connexion en cours…</translation>
    </message>
    <message>
        <source>Sign in to NetarchiveSuite</source>
        <translation>Se connecter à NetarchiveSuite</translation>
    </message>
    <message>
        <source>User name:</source>
        <translation>Nom d’utilisateur :</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>Mot de passe :</translation>
    </message>
    <message>
        <source>Remember me on this computer</source>
        <translation>Se souvenir de moi sur cet ordinateur</translation>
    </message>
    <message>
        <source>Keeps the user name and password in a file only you can read, where the nas command keeps them too (nas login). Sign out forgets them.</source>
        <translation>Conserve le nom d’utilisateur et le mot de passe dans un fichier que vous seul pouvez lire, là où la commande nas les conserve aussi (nas login). La déconnexion les oublie.</translation>
    </message>
    <message>
        <source>Server settings</source>
        <translation>Paramètres du serveur</translation>
    </message>
    <message>
        <source>Broker (RabbitMQ):</source>
        <translation>Broker (RabbitMQ) :</translation>
    </message>
    <message>
        <source>Virtual host (environment):</source>
        <translation>Hôte virtuel (environnement) :</translation>
    </message>
    <message>
        <source>Viewerproxy address:</source>
        <translation>Adresse du viewerproxy :</translation>
    </message>
    <message>
        <source>as the viewerproxy service says</source>
        <translation>selon le service viewerproxy</translation>
    </message>
    <message>
        <source>Empty: the desktop asks the viewerproxy service where it listens. Give http://host:port only where this computer reaches the proxy at another address.</source>
        <translation>Vide : l&apos;application demande au service viewerproxy où il écoute. Indiquez http://hôte:port seulement si cet ordinateur atteint le proxy à une autre adresse.</translation>
    </message>
    <message>
        <source>Sign in</source>
        <translation>Se connecter</translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>Curate: start here</source>
        <translation>Curation : commencez ici</translation>
    </message>
    <message>
        <source>Operate</source>
        <translation>Exploitation</translation>
    </message>
    <message>
        <source>Quality assurance</source>
        <translation>Contrôle qualité</translation>
    </message>
    <message>
        <source>NetarchiveSuite</source>
        <translation>NetarchiveSuite</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Fichier</translation>
    </message>
    <message>
        <source>&amp;Connection settings…</source>
        <translation>Paramètres de &amp;connexion…</translation>
    </message>
    <message>
        <source>&amp;Sign out / switch user…</source>
        <translation>&amp;Se déconnecter / changer d’utilisateur…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Quitter</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Affichage</translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation>A&amp;ctualiser</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Langue</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>&amp;Aide</translation>
    </message>
    <message>
        <source>&amp;About NetarchiveSuite</source>
        <translation>À &amp;propos de NetarchiveSuite</translation>
    </message>
    <message>
        <source>Waiting for the services…</source>
        <translation>En attente des services…</translation>
    </message>
    <message>
        <source>Signed in as {who} ({roles}): {where}</source>
        <translation>Connecté en tant que {who} ({roles}) : {where}</translation>
    </message>
    <message>
        <source>Signed in as {who}: {where}</source>
        <translation>Connecté en tant que {who} : {where}</translation>
    </message>
    <message>
        <source>Connecting: {where}</source>
        <translation>Connexion : {where}</translation>
    </message>
    <message>
        <source>Not connected: {where}</source>
        <translation>Non connecté : {where}</translation>
    </message>
    <message>
        <source>About NetarchiveSuite</source>
        <translation>À propos de NetarchiveSuite</translation>
    </message>
    <message>
        <source>NetarchiveSuite desktop client, version {version}.
A web-archiving suite for national libraries.</source>
        <translation>Client de bureau NetarchiveSuite, version {version}.
Une suite d’archivage du web pour les bibliothèques nationales.</translation>
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
        <translation>avertissement</translation>
    </message>
    <message>
        <source>error</source>
        <translation>erreur</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>critique</translation>
    </message>
    <message>
        <source>open</source>
        <translation>ouverte</translation>
    </message>
    <message>
        <source>acknowledged</source>
        <translation>acquittée</translation>
    </message>
    <message>
        <source>resolved</source>
        <translation>résolue</translation>
    </message>
    <message>
        <source>No notifier service answers: notifications cannot be shown.</source>
        <translation>Aucun service de notification ne répond : les notifications ne peuvent pas être affichées.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) resolved.</source>
        <translation>Notification {id} ({code}) résolue.</translation>
    </message>
    <message>
        <source>Notification {id} ({code}) acknowledged.</source>
        <translation>Notification {id} ({code}) acquittée.</translation>
    </message>
</context>
<context>
    <name>NotificationsPanel</name>
    <message>
        <source>Severity</source>
        <translation>Gravité</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Événement</translation>
    </message>
    <message>
        <source>Instance</source>
        <translation>Instance</translation>
    </message>
    <message>
        <source>Concerns</source>
        <translation>Concerne</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>Times</source>
        <translation>Fois</translation>
    </message>
    <message>
        <source>Last seen</source>
        <translation>Vue en dernier</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Acknowledged by</source>
        <translation>Acquittée par</translation>
    </message>
    <message>
        <source>Acknowledge</source>
        <translation>Acquitter</translation>
    </message>
    <message>
        <source>I have seen it: mark the selected notifications acknowledged (repeats are still counted on them).</source>
        <translation>Je l’ai vue : marquer les notifications sélectionnées comme acquittées (les répétitions restent comptées).</translation>
    </message>
    <message>
        <source>Resolve</source>
        <translation>Résoudre</translation>
    </message>
    <message>
        <source>The cause is gone: the next occurrence notifies anew.</source>
        <translation>La cause a disparu : la prochaine occurrence notifie à nouveau.</translation>
    </message>
    <message numerus="yes">
        <source>Notifications: %Ln open</source>
        <translation>
            <numerusform>Notifications : %Ln ouverte</numerusform>
            <numerusform>Notifications : %Ln ouvertes</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln acknowledged.</source>
        <translation>
            <numerusform>%Ln acquittée.</numerusform>
            <numerusform>%Ln acquittées.</numerusform>
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
        <translation>Hôte</translation>
    </message>
    <message>
        <source>State</source>
        <translation>État</translation>
    </message>
    <message>
        <source>Last heartbeat</source>
        <translation>Dernier battement</translation>
    </message>
    <message>
        <source>Last heard</source>
        <translation>Dernier signe</translation>
    </message>
    <message>
        <source>Recent warnings</source>
        <translation>Avertissements récents</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>Raison</translation>
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
        <translation>Heure</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Niveau</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Message</translation>
    </message>
    <message>
        <source>System overview</source>
        <translation>Vue d’ensemble du système</translation>
    </message>
    <message>
        <source>Every service instance and its warnings.</source>
        <translation>Chaque instance de service et ses avertissements.</translation>
    </message>
    <message>
        <source>Recent warnings and errors (of the selected instance, or of all):</source>
        <translation>Avertissements et erreurs récents (de l’instance choisie, ou de toutes) :</translation>
    </message>
    <message numerus="yes">
        <source>%Ln service instance(s)</source>
        <translation>
            <numerusform>%Ln instance de service</numerusform>
            <numerusform>%Ln instances de service</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln lost.</source>
        <translation>
            <numerusform>%Ln perdue.</numerusform>
            <numerusform>%Ln perdues.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>ProfilesController</name>
    <message>
        <source>Paste or load a profile document.</source>
        <translation>Collez ou chargez un document de profil.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} enregistré.</translation>
    </message>
    <message>
        <source>Could not write {path}: {reason}</source>
        <translation>Impossible d&apos;écrire {path} : {reason}</translation>
    </message>
</context>
<context>
    <name>ProfilesScreen</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Format</source>
        <translation>Format</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Actif</translation>
    </message>
    <message>
        <source>Edition</source>
        <translation>Édition</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>Modifié</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Commentaires</translation>
    </message>
    <message>
        <source>Crawl profiles</source>
        <translation>Profils de collecte</translation>
    </message>
    <message>
        <source>How to crawl: the crawl profiles harvests use.</source>
        <translation>Comment collecter : les profils utilisés par les collectes.</translation>
    </message>
    <message>
        <source>Activate</source>
        <translation>Activer</translation>
    </message>
    <message>
        <source>Deactivate</source>
        <translation>Désactiver</translation>
    </message>
    <message>
        <source>Download…</source>
        <translation>Télécharger…</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commentaires :</translation>
    </message>
    <message>
        <source>Profile document (YAML or TOML):</source>
        <translation>Document de profil (YAML ou TOML) :</translation>
    </message>
    <message>
        <source>Load from file…</source>
        <translation>Charger depuis un fichier…</translation>
    </message>
    <message>
        <source>Upload</source>
        <translation>Téléverser</translation>
    </message>
    <message>
        <source>the seeds</source>
        <translation>les amorces</translation>
    </message>
    <message>
        <source>pages within {hops} link hops of a seed</source>
        <translation>les pages à {hops} liens au plus d&apos;une amorce</translation>
    </message>
    <message>
        <source>every HTML page</source>
        <translation>toutes les pages HTML</translation>
    </message>
    <message>
        <source>pages matching {count} URL patterns</source>
        <translation>les pages correspondant à {count} motifs d&apos;URL</translation>
    </message>
    <message>
        <source>Browser capture: off (no page is rendered).</source>
        <translation>Capture par navigateur : désactivée (aucune page n&apos;est rendue).</translation>
    </message>
    <message>
        <source>{pages} and {more}</source>
        <translation>{pages} et {more}</translation>
    </message>
    <message>
        <source>tabs: {n}</source>
        <translation>onglets : {n}</translation>
    </message>
    <message>
        <source>{seconds} s a page</source>
        <translation>{seconds} s par page</translation>
    </message>
    <message>
        <source>scrolls (at most {n} times)</source>
        <translation>fait défiler (au plus {n} fois)</translation>
    </message>
    <message>
        <source>no scrolling</source>
        <translation>pas de défilement</translation>
    </message>
    <message>
        <source>clicks up to {n} buttons</source>
        <translation>clique jusqu&apos;à {n} boutons</translation>
    </message>
    <message>
        <source>screenshots</source>
        <translation>captures d&apos;écran</translation>
    </message>
    <message>
        <source>text</source>
        <translation>texte</translation>
    </message>
    <message>
        <source>Browser capture: renders {pages}; {details}.</source>
        <translation>Capture par navigateur : rend {pages} ; {details}.</translation>
    </message>
    <message>
        <source>Crawl profile</source>
        <translation>Profil de collecte</translation>
    </message>
    <message>
        <source>Profiles (*.yaml *.yml *.toml);;All files (*)</source>
        <translation>Profils (*.yaml *.yml *.toml);;Tous les fichiers (*)</translation>
    </message>
    <message>
        <source>Could not read {path}: {reason}</source>
        <translation>Impossible de lire {path} : {reason}</translation>
    </message>
    <message>
        <source>Save crawl profile</source>
        <translation>Enregistrer le profil de collecte</translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>Annuler</translation>
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
        <translation>Cassée</translation>
    </message>
    <message>
        <source>QA has not checked this job yet.</source>
        <translation>La QA n&apos;a pas encore vérifié ce job.</translation>
    </message>
    <message>
        <source>Queued</source>
        <translation>En file d&apos;attente</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>En cours</translation>
    </message>
    <message>
        <source>Done</source>
        <translation>Terminée</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>Échouée</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>Annulée</translation>
    </message>
    <message numerus="yes">
        <source>Run {run} ({kind}): {state}, %Ln of {total} page(s) checked</source>
        <translation>
            <numerusform>Exécution {run} ({kind}) : {state}, %Ln page vérifiée sur {total}</numerusform>
            <numerusform>Exécution {run} ({kind}) : {state}, %Ln pages vérifiées sur {total}</numerusform>
        </translation>
    </message>
    <message>
        <source>re-check</source>
        <translation>revérification</translation>
    </message>
    <message>
        <source>full</source>
        <translation>complète</translation>
    </message>
    <message numerus="yes">
        <source>%Ln page(s) checked</source>
        <translation>
            <numerusform>%Ln page vérifiée</numerusform>
            <numerusform>%Ln pages vérifiées</numerusform>
        </translation>
    </message>
    <message>
        <source>{share} complete</source>
        <translation>{share} complètes</translation>
    </message>
    <message>
        <source>mean score {score}</source>
        <translation>score moyen {score}</translation>
    </message>
    <message>
        <source>verdicts {verdicts}</source>
        <translation>verdicts {verdicts}</translation>
    </message>
    <message>
        <source>Below the threshold of {threshold}.</source>
        <translation>Sous le seuil de {threshold}.</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>Score</translation>
    </message>
    <message>
        <source>Missing</source>
        <translation>Manquants</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>Verdict</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>Type</translation>
    </message>
    <message>
        <source>URL</source>
        <translation>URL</translation>
    </message>
    <message>
        <source>Give a job number.</source>
        <translation>Indiquez un numéro de job.</translation>
    </message>
    <message>
        <source>Verdict saved: {verdict} for {url}.</source>
        <translation>Verdict enregistré : {verdict} pour {url}.</translation>
    </message>
    <message>
        <source>QA run {run} of job {job} is queued.</source>
        <translation>L&apos;exécution de QA {run} du job {job} est en file d&apos;attente.</translation>
    </message>
    <message numerus="yes">
        <source>Patch job {patch} harvests %Ln missing URL(s) of job {job}; its pages are checked again when it is done.</source>
        <translation>
            <numerusform>Le job de complément {patch} moissonne %Ln URL manquante du job {job} ; ses pages sont revérifiées quand il est terminé.</numerusform>
            <numerusform>Le job de complément {patch} moissonne %Ln URL manquantes du job {job} ; ses pages sont revérifiées quand il est terminé.</numerusform>
        </translation>
    </message>
    <message>
        <source>The running qa service cannot make patch jobs yet.</source>
        <translation>Le service de QA en cours d&apos;exécution ne sait pas encore créer de jobs de complément.</translation>
    </message>
</context>
<context>
    <name>QaReviewScreen</name>
    <message>
        <source>QA review</source>
        <translation>Revue QA</translation>
    </message>
    <message>
        <source>Review how complete a job&apos;s archived pages are, worst first, and patch what is missing.</source>
        <translation>Vérifier à quel point les pages archivées d&apos;un job sont complètes, les pires d&apos;abord, et compléter ce qui manque.</translation>
    </message>
    <message>
        <source>Job:</source>
        <translation>Job :</translation>
    </message>
    <message>
        <source>job number</source>
        <translation>numéro de job</translation>
    </message>
    <message>
        <source>Show</source>
        <translation>Afficher</translation>
    </message>
    <message>
        <source>Run QA</source>
        <translation>Lancer la QA</translation>
    </message>
    <message>
        <source>Render every page of the job&apos;s page list from the archive and score it</source>
        <translation>Rendre chaque page de la liste des pages du job depuis l&apos;archive et lui donner un score</translation>
    </message>
    <message>
        <source>Cancel run</source>
        <translation>Annuler l&apos;exécution</translation>
    </message>
    <message>
        <source>Patch missing</source>
        <translation>Compléter les manques</translation>
    </message>
    <message>
        <source>Harvest the job&apos;s missing resources as a follow-up job of the same harvest, then check those pages again</source>
        <translation>Moissonner les ressources manquantes du job dans un job de suite de la même collecte, puis revérifier ces pages</translation>
    </message>
    <message>
        <source>At crawl time</source>
        <translation>Lors de la collecte</translation>
    </message>
    <message>
        <source>As replayed</source>
        <translation>Telle que rejouée</translation>
    </message>
    <message>
        <source>Open in the archive browser</source>
        <translation>Ouvrir dans le navigateur d&apos;archive</translation>
    </message>
    <message>
        <source>Reviewer&apos;s verdict</source>
        <translation>Verdict du relecteur</translation>
    </message>
    <message>
        <source>Note (optional)</source>
        <translation>Note (facultative)</translation>
    </message>
    <message>
        <source>Save verdict</source>
        <translation>Enregistrer le verdict</translation>
    </message>
    <message>
        <source>Give a job number to review its pages as QA scored them.</source>
        <translation>Indiquez un numéro de job pour revoir ses pages telles que la QA les a notées.</translation>
    </message>
    <message>
        <source>Choose a page in the list.</source>
        <translation>Choisissez une page dans la liste.</translation>
    </message>
    <message>
        <source>Missing resources</source>
        <translation>Ressources manquantes</translation>
    </message>
    <message>
        <source>Score {score}</source>
        <translation>Score {score}</translation>
    </message>
    <message>
        <source>looks {score} alike</source>
        <translation>ressemble à {score}</translation>
    </message>
    <message>
        <source>text {score} alike</source>
        <translation>texte identique à {score}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln resource(s) requested</source>
        <translation>
            <numerusform>%Ln ressource demandée</numerusform>
            <numerusform>%Ln ressources demandées</numerusform>
        </translation>
    </message>
    <message>
        <source>loaded</source>
        <translation>chargée</translation>
    </message>
    <message>
        <source>timed out</source>
        <translation>délai dépassé</translation>
    </message>
    <message>
        <source>crashed</source>
        <translation>plantée</translation>
    </message>
    <message>
        <source>captured {when}</source>
        <translation>capturée le {when}</translation>
    </message>
    <message>
        <source>Errors: {errors}</source>
        <translation>Erreurs : {errors}</translation>
    </message>
    <message numerus="yes">
        <source>%Ln missing resource(s)</source>
        <translation>
            <numerusform>%Ln ressource manquante</numerusform>
            <numerusform>%Ln ressources manquantes</numerusform>
        </translation>
    </message>
    <message>
        <source>{verdict} by {reviewer}, {when}</source>
        <translation>{verdict} par {reviewer}, {when}</translation>
    </message>
    <message>
        <source>loading…</source>
        <translation>chargement…</translation>
    </message>
    <message>
        <source>no picture</source>
        <translation>pas d&apos;image</translation>
    </message>
    <message>
        <source>Choose OK, Acceptable or Broken.</source>
        <translation>Choisissez OK, Acceptable ou Cassée.</translation>
    </message>
</context>
<context>
    <name>RoleGate</name>
    <message>
        <source>no roles</source>
        <translation>aucun rôle</translation>
    </message>
    <message>
        <source>Needs the {role} role. You are signed in as {who} ({held}).</source>
        <translation>Nécessite le rôle {role}. Vous êtes connecté en tant que {who} ({held}).</translation>
    </message>
    <message>
        <source>Needs one of the roles {roles}. You are signed in as {who} ({held}).</source>
        <translation>Nécessite l’un des rôles {roles}. Vous êtes connecté en tant que {who} ({held}).</translation>
    </message>
</context>
<context>
    <name>Schedules</name>
    <message numerus="yes">
        <source>every %n hour(s)</source>
        <translation>
            <numerusform>toutes les heures</numerusform>
            <numerusform>toutes les %n heures</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n day(s)</source>
        <translation>
            <numerusform>tous les jours</numerusform>
            <numerusform>tous les %n jours</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n week(s)</source>
        <translation>
            <numerusform>toutes les semaines</numerusform>
            <numerusform>toutes les %n semaines</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>every %n month(s)</source>
        <translation>
            <numerusform>tous les mois</numerusform>
            <numerusform>tous les %n mois</numerusform>
        </translation>
    </message>
    <message>
        <source>on {weekday}</source>
        <translation>le {weekday}</translation>
    </message>
    <message>
        <source>on day {day}</source>
        <translation>le {day}</translation>
    </message>
    <message>
        <source>at {time}</source>
        <translation>à {time}</translation>
    </message>
    <message>
        <source>at minute {minute}</source>
        <translation>à la minute {minute}</translation>
    </message>
    <message numerus="yes">
        <source>%n time(s)</source>
        <translation>
            <numerusform>une fois</numerusform>
            <numerusform>%n fois</numerusform>
        </translation>
    </message>
    <message>
        <source>until {when}</source>
        <translation>jusqu&apos;au {when}</translation>
    </message>
</context>
<context>
    <name>SchedulesController</name>
    <message>
        <source>Not a valid schedule yet.</source>
        <translation>Pas encore une planification valide.</translation>
    </message>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} enregistré.</translation>
    </message>
</context>
<context>
    <name>SchedulesScreen</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Rule</source>
        <translation>Règle</translation>
    </message>
    <message>
        <source>Comments</source>
        <translation>Commentaires</translation>
    </message>
    <message>
        <source>Schedules</source>
        <translation>Planifications</translation>
    </message>
    <message>
        <source>When harvests run.</source>
        <translation>Quand les collectes s&apos;exécutent.</translation>
    </message>
    <message>
        <source>New schedule</source>
        <translation>Nouvelle planification</translation>
    </message>
    <message>
        <source>hours</source>
        <translation>heures</translation>
    </message>
    <message>
        <source>days</source>
        <translation>jours</translation>
    </message>
    <message>
        <source>weeks</source>
        <translation>semaines</translation>
    </message>
    <message>
        <source>months</source>
        <translation>mois</translation>
    </message>
    <message>
        <source>any day</source>
        <translation>n’importe quel jour</translation>
    </message>
    <message>
        <source>Monday</source>
        <translation>lundi</translation>
    </message>
    <message>
        <source>Tuesday</source>
        <translation>mardi</translation>
    </message>
    <message>
        <source>Wednesday</source>
        <translation>mercredi</translation>
    </message>
    <message>
        <source>Thursday</source>
        <translation>jeudi</translation>
    </message>
    <message>
        <source>Friday</source>
        <translation>vendredi</translation>
    </message>
    <message>
        <source>Saturday</source>
        <translation>samedi</translation>
    </message>
    <message>
        <source>Sunday</source>
        <translation>dimanche</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <source>Every:</source>
        <translation>Tous les :</translation>
    </message>
    <message>
        <source>Unit:</source>
        <translation>Unité :</translation>
    </message>
    <message>
        <source>At minute (0–59, optional):</source>
        <translation>À la minute (0–59, facultatif) :</translation>
    </message>
    <message>
        <source>At hour (0–23, optional):</source>
        <translation>À l’heure (0–23, facultatif) :</translation>
    </message>
    <message>
        <source>On weekday:</source>
        <translation>Le jour de la semaine :</translation>
    </message>
    <message>
        <source>On day of month (1–31, optional):</source>
        <translation>Le jour du mois (1–31, facultatif) :</translation>
    </message>
    <message>
        <source>Start (ISO date and time with zone, empty: now):</source>
        <translation>Début (date et heure ISO avec fuseau, vide : maintenant) :</translation>
    </message>
    <message>
        <source>End (ISO date and time with zone, optional):</source>
        <translation>Fin (date et heure ISO avec fuseau, facultatif) :</translation>
    </message>
    <message>
        <source>Or end after this many runs:</source>
        <translation>Ou s’arrêter après ce nombre d’exécutions :</translation>
    </message>
    <message>
        <source>Comments:</source>
        <translation>Commentaires :</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
    <message>
        <source>The next five runs, if a harvest used it from now:</source>
        <translation>Les cinq prochaines exécutions, si une collecte l’utilisait dès maintenant :</translation>
    </message>
</context>
<context>
    <name>Screen</name>
    <message>
        <source>The running {service} service does not offer &apos;{method}&apos; yet.</source>
        <extracomment>How often :meth:`poll` runs while the screen is visible (0: the screen shows nothing that changes by itself). One timer per screen, stopped while the screen is hidden, and a tick is skipped while the previous poll&apos;s calls are still out (docs/decisions/desktop-refresh.md).</extracomment>
        <translation>Le service {service} en cours n’offre pas encore &apos;{method}&apos;.</translation>
    </message>
</context>
<context>
    <name>Search</name>
    <message>
        <source>Give job numbers and ranges, for example 1, 2, 5-9.</source>
        <translation>Indiquez des numéros de tâches et des plages, par exemple 1, 2, 5-9.</translation>
    </message>
</context>
<context>
    <name>SearchScreen</name>
    <message>
        <source>Search</source>
        <translation>Rechercher</translation>
    </message>
    <message>
        <source>Find archived pages, PDFs and texts by their words.</source>
        <translation>Trouver des pages, PDF et textes archivés par leurs mots.</translation>
    </message>
    <message>
        <source>Words:</source>
        <translation>Mots :</translation>
    </message>
    <message>
        <source>Jobs:</source>
        <translation>Tâches :</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>Ordre :</translation>
    </message>
    <message>
        <source>words, &quot;a phrase&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</source>
        <translation>mots, &quot;une expression&quot;, OR, NOT, host:…, type:pdf, date:2024-01..2024-06</translation>
    </message>
    <message>
        <source>job numbers, e.g. 1, 2, 5-9 (empty: every indexed job)</source>
        <translation>numéros de tâches, p. ex. 1, 2, 5-9 (vide : toutes les tâches indexées)</translation>
    </message>
    <message>
        <source>most relevant first</source>
        <translation>les plus pertinents d&apos;abord</translation>
    </message>
    <message>
        <source>newest first</source>
        <translation>les plus récents d&apos;abord</translation>
    </message>
    <message>
        <source>oldest first</source>
        <translation>les plus anciens d&apos;abord</translation>
    </message>
    <message>
        <source>Previous page</source>
        <translation>Page précédente</translation>
    </message>
    <message>
        <source>Next page</source>
        <translation>Page suivante</translation>
    </message>
    <message>
        <source>Export WACZ…</source>
        <translation>Exporter en WACZ…</translation>
    </message>
    <message>
        <source>The captures of every hit&apos;s URL (up to the first 1,000 hits) in the jobs of the hits, as one WACZ file</source>
        <translation>Les captures de l’URL de chaque résultat (jusqu’aux 1 000 premiers) dans les tâches des résultats, en un seul fichier WACZ</translation>
    </message>
    <message>
        <source>Searching…</source>
        <translation>Recherche…</translation>
    </message>
    <message>
        <source>No hits for {query}.</source>
        <translation>Aucun résultat pour {query}.</translation>
    </message>
    <message>
        <source>Hits {first}–{last} of {total} in jobs {jobs}.</source>
        <translation>Résultats {first}–{last} sur {total} dans les tâches {jobs}.</translation>
    </message>
    <message>
        <source>Not searched yet: jobs {jobs} (their index is being made; search again).</source>
        <translation>Pas encore recherchées : tâches {jobs} (leur index est en cours de création ; relancez la recherche).</translation>
    </message>
    <message>
        <source>revisit</source>
        <translation>revisite</translation>
    </message>
    <message>
        <source>job {job}</source>
        <translation>tâche {job}</translation>
    </message>
    <message>
        <source>Domains</source>
        <translation>Domaines</translation>
    </message>
    <message>
        <source>Years</source>
        <translation>Années</translation>
    </message>
    <message>
        <source>Types</source>
        <translation>Types</translation>
    </message>
    <message>
        <source>The captures of the URLs found by {query} (the first 1,000 hits at most), in the jobs of the hits.</source>
        <translation>Les captures des URL trouvées par {query} (les 1 000 premiers résultats au plus), dans les tâches des résultats.</translation>
    </message>
</context>
<context>
    <name>ServerText</name>
    <message>
        <source>Cancelled by a curator: {reason}</source>
        <translation>Annulée par un curateur : {reason}</translation>
    </message>
    <message>
        <source>Cancelled by a curator.</source>
        <translation>Annulée par un curateur.</translation>
    </message>
    <message>
        <source>No word from the harvester within the job time-out: marked failed.</source>
        <translation>Aucune nouvelle du moissonneur dans le délai de la tâche : marquée en échec.</translation>
    </message>
    <message>
        <source>Nothing was harvested: no object was fetched for any of the job&apos;s domains.</source>
        <translation>Rien n&apos;a été collecté : aucun objet n&apos;a été récupéré pour les domaines de la tâche.</translation>
    </message>
    <message>
        <source>The harvest failed: {error}</source>
        <translation>La collecte a échoué : {error}</translation>
    </message>
    <message>
        <source>The upload to the archive failed: {error}</source>
        <translation>Le versement dans l&apos;archive a échoué : {error}</translation>
    </message>
    <message>
        <source>The {kind} audit {audit} of replica {replica} found {missing}, {corrupt} and {disputed}.</source>
        <translation>L&apos;audit {audit} ({kind}) de la réplique {replica} a trouvé {missing}, {corrupt} et {disputed}.</translation>
    </message>
    <message numerus="yes">
        <source>%n missing file(s)</source>
        <translation>
            <numerusform>%n fichier manquant</numerusform>
            <numerusform>%n fichiers manquants</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n corrupt file(s)</source>
        <translation>
            <numerusform>%n fichier corrompu</numerusform>
            <numerusform>%n fichiers corrompus</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n disputed file(s)</source>
        <translation>
            <numerusform>%n fichier contesté</numerusform>
            <numerusform>%n fichiers contestés</numerusform>
        </translation>
    </message>
    <message>
        <source>{instance} ({service} on {host}) has sent no heartbeat for {age}.</source>
        <translation>{instance} ({service} sur {host}) n&apos;a envoyé aucun signal de vie depuis {age}.</translation>
    </message>
    <message numerus="yes">
        <source>%n second(s)</source>
        <translation>
            <numerusform>%n seconde</numerusform>
            <numerusform>%n secondes</numerusform>
        </translation>
    </message>
    <message>
        <source>{file} could not be stored in {replicas}.</source>
        <translation>{file} n&apos;a pas pu être stocké dans {replicas}.</translation>
    </message>
    <message>
        <source>a replica</source>
        <translation>une réplique</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new files (replica {replica}).</source>
        <translation>{instance} manque d&apos;espace disque libre et n&apos;accepte plus de fichiers (réplique {replica}).</translation>
    </message>
    <message>
        <source>{instance} has too little free disk space and takes no new jobs (channel {channel}).</source>
        <translation>{instance} manque d&apos;espace disque libre et ne prend plus de tâches (canal {channel}).</translation>
    </message>
    <message>
        <source>Job {id} failed. {reason}</source>
        <translation>La tâche {id} a échoué. {reason}</translation>
    </message>
    <message>
        <source>Harvest definition {id} could not be scheduled and was deactivated: {error}</source>
        <translation>La définition de collecte {id} n&apos;a pas pu être planifiée et a été désactivée : {error}</translation>
    </message>
    <message>
        <source>Audit found damage</source>
        <translation>L&apos;audit a trouvé des dommages</translation>
    </message>
    <message>
        <source>Instance lost</source>
        <translation>Instance perdue</translation>
    </message>
    <message>
        <source>Store failed</source>
        <translation>Stockage en échec</translation>
    </message>
    <message>
        <source>Upload failed</source>
        <translation>Versement en échec</translation>
    </message>
    <message>
        <source>Disk space low</source>
        <translation>Espace disque faible</translation>
    </message>
    <message>
        <source>Job failed</source>
        <translation>Tâche en échec</translation>
    </message>
    <message>
        <source>Definition deactivated</source>
        <translation>Définition désactivée</translation>
    </message>
    <message>
        <source>replica {replica} does not hold the file (re-establish it instead)</source>
        <translation>la réplique {replica} ne contient pas le fichier (le rétablir plutôt)</translation>
    </message>
    <message>
        <source>the copy equals the reference: nothing to replace</source>
        <translation>la copie est identique à la référence : rien à remplacer</translation>
    </message>
    <message>
        <source>no other replica holds a copy equal to the reference</source>
        <translation>aucune autre réplique ne détient une copie identique à la référence</translation>
    </message>
    <message>
        <source>other copies agree with this one against the reference: a person must decide</source>
        <translation>d’autres copies concordent avec celle-ci contre la référence : une personne doit décider</translation>
    </message>
    <message>
        <source>QA of job {id}: {complete} of {checked} pages complete, below the threshold of {threshold} %.</source>
        <translation>QA du job {id} : {complete} pages complètes sur {checked}, sous le seuil de {threshold} %.</translation>
    </message>
    <message>
        <source>QA incomplete</source>
        <translation>QA incomplète</translation>
    </message>
</context>
<context>
    <name>SignIn</name>
    <message>
        <source>The user name or password was refused.</source>
        <extracomment>what shared.client.Unreachable says when RabbitMQ refuses the user name or password</extracomment>
        <translation>Le nom d’utilisateur ou le mot de passe a été refusé.</translation>
    </message>
    <message>
        <source>The broker at {where} cannot be reached. Check the server settings, or try again later.</source>
        <translation>Le broker à {where} est injoignable. Vérifiez les paramètres du serveur ou réessayez plus tard.</translation>
    </message>
    <message>
        <source>The services do not know the user {user}. Ask an administrator to add you.</source>
        <translation>Les services ne connaissent pas l’utilisateur {user}. Demandez à un administrateur de vous ajouter.</translation>
    </message>
    <message>
        <source>The user {user} is disabled. Ask an administrator.</source>
        <translation>L’utilisateur {user} est désactivé. Adressez-vous à un administrateur.</translation>
    </message>
    <message>
        <source>The services refuse to work for {user}.</source>
        <translation>Les services refusent de travailler pour {user}.</translation>
    </message>
</context>
<context>
    <name>TrapsController</name>
    <message>
        <source>Saved {name}.</source>
        <translation>{name} enregistré.</translation>
    </message>
</context>
<context>
    <name>TrapsScreen</name>
    <message>
        <source>Name</source>
        <translation>Nom</translation>
    </message>
    <message>
        <source>Active</source>
        <translation>Actif</translation>
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
        <translation>Pièges à robots globaux</translation>
    </message>
    <message>
        <source>URL patterns no harvest should follow.</source>
        <translation>Motifs d&apos;URL qu&apos;aucune collecte ne doit suivre.</translation>
    </message>
    <message>
        <source>New trap list</source>
        <translation>Nouvelle liste de pièges</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nom :</translation>
    </message>
    <message>
        <source>Description:</source>
        <translation>Description :</translation>
    </message>
    <message>
        <source>Active:</source>
        <translation>Actif :</translation>
    </message>
    <message>
        <source>Regular expressions (one a line):</source>
        <translation>Expressions régulières (une par ligne) :</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>Enregistrer</translation>
    </message>
</context>
<context>
    <name>UnavailablePanel</name>
    <message>
        <source>Service not available: {service}</source>
        <translation>Service indisponible : {service}</translation>
    </message>
    <message>
        <source>Retry</source>
        <translation>Réessayer</translation>
    </message>
</context>
<context>
    <name>Vocabulary</name>
    <message>
        <source>starting</source>
        <translation>démarrage</translation>
    </message>
    <message>
        <source>running</source>
        <translation>en marche</translation>
    </message>
    <message>
        <source>dormant</source>
        <translation>en veille</translation>
    </message>
    <message>
        <source>stopping</source>
        <translation>arrêt en cours</translation>
    </message>
    <message>
        <source>stopped</source>
        <translation>arrêté</translation>
    </message>
    <message>
        <source>lost</source>
        <translation>perdu</translation>
    </message>
    <message>
        <source>new</source>
        <translation>nouvelle</translation>
    </message>
    <message>
        <source>done</source>
        <translation>terminée</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>échouée</translation>
    </message>
    <message>
        <source>resubmitted</source>
        <translation>resoumise</translation>
    </message>
    <message>
        <source>queued</source>
        <translation>en attente</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>terminé</translation>
    </message>
    <message>
        <source>object limit reached</source>
        <translation>limite d’objets atteinte</translation>
    </message>
    <message>
        <source>size limit reached</source>
        <translation>limite de taille atteinte</translation>
    </message>
    <message>
        <source>configuration size limit reached</source>
        <translation>limite de taille de la configuration atteinte</translation>
    </message>
    <message>
        <source>configuration object limit reached</source>
        <translation>limite d’objets de la configuration atteinte</translation>
    </message>
    <message>
        <source>time limit reached</source>
        <translation>limite de temps atteinte</translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation>inachevé</translation>
    </message>
    <message>
        <source>no seed could be fetched</source>
        <translation>aucune graine n&apos;a pu être récupérée</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>annulé</translation>
    </message>
    <message>
        <source>harvested</source>
        <translation>collecté</translation>
    </message>
    <message>
        <source>partly harvested</source>
        <translation>partiellement collecté</translation>
    </message>
    <message>
        <source>nothing harvested</source>
        <translation>rien collecté</translation>
    </message>
    <message>
        <source>not stored</source>
        <translation>non stocké</translation>
    </message>
    <message>
        <source>storing</source>
        <translation>stockage en cours</translation>
    </message>
    <message>
        <source>stored, not yet confirmed</source>
        <translation>stocké, pas encore confirmé</translation>
    </message>
    <message>
        <source>stored</source>
        <translation>stocké</translation>
    </message>
    <message>
        <source>storing failed</source>
        <translation>échec du stockage</translation>
    </message>
    <message>
        <source>selective</source>
        <translation>sélective</translation>
    </message>
    <message>
        <source>event</source>
        <translation>événement</translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation>instantané</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>avertissement</translation>
    </message>
    <message>
        <source>error</source>
        <translation>erreur</translation>
    </message>
    <message>
        <source>critical</source>
        <translation>critique</translation>
    </message>
</context>
<context>
    <name>WaczDialog</name>
    <message>
        <source>Export WACZ</source>
        <translation>Exporter en WACZ</translation>
    </message>
    <message>
        <source>Web archive collections (*.wacz)</source>
        <translation>Collections d’archives du web (*.wacz)</translation>
    </message>
    <message>
        <source>Cancel export</source>
        <translation>Annuler l’export</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>Fermer</translation>
    </message>
    <message>
        <source>To {file}</source>
        <translation>Vers {file}</translation>
    </message>
    <message>
        <source>Asking the archive…</source>
        <translation>Interrogation de l’archive…</translation>
    </message>
    <message>
        <source>{done} of {total}</source>
        <translation>{done} sur {total}</translation>
    </message>
    <message>
        <source>Writing {file}</source>
        <translation>Écriture de {file}</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>Annulation…</translation>
    </message>
</context>
<context>
    <name>WaczExport</name>
    <message>
        <source>The search has no hits to export.</source>
        <translation>La recherche n’a aucun résultat à exporter.</translation>
    </message>
    <message>
        <source>Search: {query}</source>
        <translation>Recherche : {query}</translation>
    </message>
    <message>
        <source>The file could not be written: {reason}</source>
        <translation>Le fichier n’a pas pu être écrit : {reason}</translation>
    </message>
    <message>
        <source>The export was cancelled; no file was written.</source>
        <translation>L’export a été annulé ; aucun fichier n’a été écrit.</translation>
    </message>
    <message>
        <source>The export failed; no file was written. {reason}</source>
        <translation>L’export a échoué ; aucun fichier n’a été écrit. {reason}</translation>
    </message>
    <message numerus="yes">
        <source>Saved {file} ({size}): %Ln record(s).</source>
        <translation>
            <numerusform>{file} enregistré ({size}) : %Ln enregistrement.</numerusform>
            <numerusform>{file} enregistré ({size}) : %Ln enregistrements.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Job(s): {jobs}.</source>
        <translation>
            <numerusform>Tâche : {jobs}.</numerusform>
            <numerusform>Tâches : {jobs}.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln revisited payload(s) have no original in the package.</source>
        <translation>
            <numerusform>%Ln contenu revisité n’a pas d’original dans le paquet.</numerusform>
            <numerusform>%Ln contenus revisités n’ont pas d’original dans le paquet.</numerusform>
        </translation>
    </message>
</context>
</TS>
