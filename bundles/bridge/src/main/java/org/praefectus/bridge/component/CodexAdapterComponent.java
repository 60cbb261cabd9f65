package org.praefectus.bridge.component;

import org.osgi.service.component.annotations.Component;
import org.praefectus.bridge.adapter.AgentAdapter;
import org.praefectus.bridge.adapter.CodexAdapter;

/** The {@code codex} executor type as a service. */
@Component(service = AgentAdapter.class)
@BridgeExecutor(CodexAdapter.TYPE)
public final class CodexAdapterComponent extends CodexAdapter {}
