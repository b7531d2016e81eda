<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>ConnectionDialog</name>
    <message>
        <source>This cannot be empty.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the broker as amqp://host:port (or amqps://host:port).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Give the viewerproxy as http://host:port.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection settings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Broker (RabbitMQ):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Virtual host (environment):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Viewerproxy address:</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ConnectionProblemPage</name>
    <message>
        <source>Connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cannot reach the services</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The application could not talk to the message broker at {where}. The services may be stopped, or the connection settings may be wrong. Nothing you saved is lost.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection settings…</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>CrashDialog</name>
    <message>
        <source>Unexpected error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong that the application did not expect. Your saved work is safe on the server. Please copy the details below into a report to the people who run the system.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy details</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Errors</name>
    <message>
        <source>The service could not do this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The input is not valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The configuration is not valid: {key}.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This name is not allowed: it must not contain &apos;/&apos;, &apos;..&apos; or control characters.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This is not a domain name that can be registered (for example kb.dk, not co.uk).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This URL is not valid or not allowed here.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This regular expression is not valid (problem at position {position}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The crawl profile is not valid.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The WARC file cannot be read.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>It does not exist (any more).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no such domain.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no such job.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no such file in the archive.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This clashes with the current state.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>One with this name already exists.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Someone else saved this in the meantime. Reload it and make your change again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This change of state is not allowed (from {from} to {to}).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>You are not allowed to do this.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The content does not match its checksum.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A needed service or resource does not answer. Try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A replica of the archive does not answer. Try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A service took too long to answer. Try again later.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The services cannot be reached. Check the connection settings.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service is not running.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The service did not answer in time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something unexpected went wrong on the server.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Something went wrong (error code: {code}).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>MainWindow</name>
    <message>
        <source>NetarchiveSuite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Connection settings…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Refresh</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About NetarchiveSuite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Waiting for the services…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected: {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting: {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Not connected: {where}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About NetarchiveSuite</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NetarchiveSuite desktop client, version {version}.
A web-archiving suite for national libraries.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>OverviewScreen</name>
    <message>
        <source>Instance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Service</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>State</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Last heartbeat</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds ago</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent warnings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reason</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Version</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PID</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Time</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Level</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Message</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>System overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent warnings and errors (of the selected instance, or of all):</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>{count} service instances, {lost} lost.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>ProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Screen</name>
    <message>
        <source>The running {service} service does not offer &apos;{method}&apos; yet.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>UnavailablePanel</name>
    <message>
        <source>Service not available: {service}</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Retry</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>Vocabulary</name>
    <message>
        <source>starting</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dormant</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopping</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>stopped</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>lost</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>new</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>submitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>started</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>done</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>resubmitted</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>failed, rejected</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>completed</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>object limit reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>size limit reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configuration size limit reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>configuration object limit reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>time limit reached</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unfinished</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>selective</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>event</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>snapshot</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>warning</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>error</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>critical</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
