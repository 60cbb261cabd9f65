package org.praefectus.workflow.graph.cli;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.cli.Options;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.graph.DesktopGraph;
import org.praefectus.api.graph.GraphException;
import org.praefectus.api.graph.NodeQuery;

/**
 * {@code graph ingest|status|query|export|import}: the desktop graph memory ({@link DesktopGraph}) from the command
 * line. {@code query} filters with {@code --kind --label-contains --role --contained-by --attribute NAME=VALUE
 * --latest --refresh-if-stale}; without {@code --latest} every kept snapshot is searched.
 */
@Component(service = CliCommand.class)
@Command(GraphCommand.NAME)
public final class GraphCommand implements CliCommand {

    static final String NAME = "graph";
    private static final ObjectMapper JSON = new ObjectMapper();

    private final DesktopGraph graph;

    @Activate
    public GraphCommand(@Reference DesktopGraph graph) {
        this.graph = graph;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "graph ingest [--snapshot-id ID] | status | query [--kind K --label-contains S --role R --contained-by W"
                + " --attribute NAME=VALUE --latest --refresh-if-stale] | export [FILE] | import FILE: desktop graph memory";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (arguments.isEmpty()) {
            throw CliCommandException.usage("graph takes ingest, status, query, export or import");
        }
        String verb = arguments.get(0);
        List<String> rest = arguments.subList(1, arguments.size());
        try {
            return switch (verb) {
                case "ingest" -> ingest(rest);
                case "status" -> {
                    noArguments(verb, rest);
                    yield graph.status();
                }
                case "query" -> query(rest);
                case "export" -> export(rest);
                case "import" -> importFile(rest);
                default -> throw CliCommandException.usage("graph takes ingest, status, query, export or import");
            };
        } catch (GraphException e) {
            throw CliCommandException.failure(e.code(), e.getMessage());
        }
    }

    private Object ingest(List<String> rest) throws CliCommandException, GraphException {
        Options flags = Options.parse(NAME + " ingest", rest, Set.of("snapshot-id"), Set.of());
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage("graph ingest takes no FILE");
        }
        return summary(graph.refresh(flags.value("snapshot-id"), new CancellationToken()));
    }

    private Object query(List<String> rest) throws CliCommandException, GraphException {
        Options flags = Options.grammar(NAME + " query")
                .valued(Set.of("kind", "label-contains", "role", "contained-by", "attribute"))
                .repeatable(Set.of("attribute"))
                .switches(Set.of("latest", "refresh-if-stale"))
                .parse(rest);
        if (!flags.positional().isEmpty()) {
            throw CliCommandException.usage("graph query takes only flags");
        }
        Map<String, Object> attributes = new LinkedHashMap<>();
        for (String pair : flags.all("attribute")) {
            int equals = pair.indexOf('=');
            if (equals <= 0) {
                throw CliCommandException.usage("--attribute takes NAME=VALUE");
            }
            attributes.put(pair.substring(0, equals), jsonValue(pair.substring(equals + 1)));
        }
        return graph.queryNodes(
                new NodeQuery(
                        flags.value("kind"),
                        flags.value("label-contains"),
                        flags.value("role"),
                        attributes,
                        flags.value("contained-by"),
                        flags.has("latest"),
                        flags.has("refresh-if-stale")),
                new CancellationToken());
    }

    private Object export(List<String> rest) throws CliCommandException, GraphException {
        if (rest.size() > 1) {
            throw CliCommandException.usage("graph export takes at most one FILE");
        }
        String json = graph.exportJson();
        if (rest.isEmpty()) {
            try {
                return JSON.readTree(json);
            } catch (JsonProcessingException e) {
                throw CliCommandException.failure("graph_unavailable", "the graph cannot be written as JSON");
            }
        }
        Path file = Path.of(rest.get(0));
        try {
            Files.createFile(file, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
            Files.writeString(file, json, StandardCharsets.UTF_8);
        } catch (FileAlreadyExistsException e) {
            throw CliCommandException.failure("file_exists", "the export file exists already");
        } catch (IOException e) {
            throw CliCommandException.failure("file_unwritable", "the export file cannot be written");
        }
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("path", file.toAbsolutePath().toString());
        data.put("bytes", json.getBytes(StandardCharsets.UTF_8).length);
        return data;
    }

    private Object importFile(List<String> rest) throws CliCommandException, GraphException {
        if (rest.size() != 1) {
            throw CliCommandException.usage("graph import takes one FILE");
        }
        String json;
        try {
            json = Files.readString(Path.of(rest.get(0)), StandardCharsets.UTF_8);
        } catch (NoSuchFileException e) {
            throw CliCommandException.failure("file_not_found", "the graph file does not exist");
        } catch (IOException e) {
            throw CliCommandException.failure("file_unreadable", "the graph file cannot be read");
        }
        graph.importJson(json);
        return graph.status();
    }

    private static Map<String, Object> summary(org.praefectus.api.graph.GraphSnapshot snapshot) {
        Map<String, Object> data = new LinkedHashMap<>();
        data.put("snapshot_id", snapshot.id());
        data.put("captured_at_unix_ms", snapshot.capturedAtUnixMs());
        data.put("active_window_id", snapshot.activeWindowId());
        data.put("node_count", snapshot.nodes().size());
        data.put("edge_count", snapshot.edges().size());
        return data;
    }

    /** A JSON literal ({@code true}, {@code 3}, {@code "x"}, {@code ["a"]}) as such, anything else as a string. */
    private static Object jsonValue(String text) {
        try {
            return JSON.readValue(text, Object.class);
        } catch (JsonProcessingException notJson) {
            return text;
        }
    }

    private static void noArguments(String verb, List<String> rest) throws CliCommandException {
        if (!rest.isEmpty()) {
            throw CliCommandException.usage("graph " + verb + " takes no arguments");
        }
    }
}
