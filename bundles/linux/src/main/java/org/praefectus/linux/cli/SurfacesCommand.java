package org.praefectus.linux.cli;

import java.util.ArrayList;
import java.util.List;
import org.osgi.service.component.annotations.Activate;
import org.osgi.service.component.annotations.Component;
import org.osgi.service.component.annotations.Reference;
import org.praefectus.api.cli.CliCommand;
import org.praefectus.api.cli.CliCommandException;
import org.praefectus.api.cli.Command;
import org.praefectus.api.engine.Engine;
import org.praefectus.api.engine.EngineException;
import org.praefectus.api.executor.CancellationToken;
import org.praefectus.api.executor.ExecutorException;
import org.praefectus.api.protocol.ProtocolJson;
import org.praefectus.api.protocol.SurfaceDescriptor;

/** {@code surfaces}: bounded opaque references to the visible accessible windows. */
@Component(service = CliCommand.class)
@Command(SurfacesCommand.NAME)
public final class SurfacesCommand implements CliCommand {

    static final String NAME = "surfaces";

    private final Engine engine;

    /** Observes through the engine: the executor it would dispatch an action on the result to. */
    @Activate
    public SurfacesCommand(@Reference Engine engine) {
        this.engine = engine;
    }

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String summary() {
        return "list the visible application windows as opaque surface references";
    }

    @Override
    public Object run(List<String> arguments) throws CliCommandException {
        if (!arguments.isEmpty()) {
            throw CliCommandException.usage("surfaces does not accept positional arguments");
        }
        try {
            List<Object> surfaces = new ArrayList<>();
            for (SurfaceDescriptor surface :
                    engine.listSurfaces(new CancellationToken(), ObservationCommands.deadline())) {
                surfaces.add(ProtocolJson.encode(surface).toPlain());
            }
            return surfaces;
        } catch (EngineException e) {
            throw ObservationCommands.failure(e);
        } catch (ExecutorException e) {
            throw ObservationCommands.failure(e);
        }
    }
}
