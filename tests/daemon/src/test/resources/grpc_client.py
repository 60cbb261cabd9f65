"""A peekaboox.v1 client on Debian's python3-grpcio with stubs generated from the daemon's proto.

usage: grpc_client.py STUB_DIR ADDRESS SCENARIO [TOKEN]; prints one JSON object per step on stdout.
"""
import json
import sys
import time

sys.path.insert(0, sys.argv[1])
import grpc  # noqa: E402
from peekaboox.v1 import peekaboox_pb2 as pb  # noqa: E402
from peekaboox.v1 import peekaboox_pb2_grpc as rpc  # noqa: E402

address, scenario = sys.argv[2], sys.argv[3]
token = sys.argv[4] if len(sys.argv) > 4 else None
channel = grpc.insecure_channel(address)
stub = rpc.PeekabooXStub(channel)
metadata = [("x-peekaboox-token", token)] if token else None


def emit(step, **facts):
    print(json.dumps({"step": step, **facts}), flush=True)


def attempt(step, call):
    try:
        call()
        emit(step, code="OK")
    except grpc.RpcError as error:
        emit(step, code=error.code().name, details=error.details())


if scenario == "stream":
    for _ in range(3):
        delta = stub.CaptureDelta(
            pb.CaptureDeltaRequest(stream_id="grpc-stream", region=pb.Rect(x=0, y=0, width=12, height=12)),
            timeout=60)
        emit("capture_delta", sequence=delta.sequence, full_frame=delta.full_frame, width=delta.frame_width,
             pixel_format=pb.PixelFormat.Name(delta.pixel_format), patch_bytes=len(delta.patch),
             stream_id=delta.stream_id)
    shot = stub.CaptureScreen(
        pb.CaptureScreenRequest(target=pb.CaptureTarget(region=pb.Rect(x=0, y=0, width=30, height=20))), timeout=60)
    emit("capture_screen", png=shot.image[:8] == b"\x89PNG\r\n\x1a\n", mime=shot.mime_type,
         width=shot.metadata.width, height=shot.metadata.height)
    backends = stub.CaptureBackends(pb.CaptureBackendsRequest(probe=pb.CAPTURE_BACKEND_PROBE_FRAME), timeout=60)
    emit("capture_backends", session_type=backends.session_type,
         selected=[b.name for b in backends.image_backends if b.selected],
         probes=[{"probe": p.probe, "ok": p.ok} for p in backends.probes])
    state = stub.GetDesktopState(pb.GetDesktopStateRequest(), timeout=60)
    emit("desktop_state", windows=len(state.windows), titles=[w.title for w in state.windows],
         has_active=state.HasField("active_window"))
elif scenario == "errors":
    # bytes that are not a CaptureDeltaRequest: field 1 announced as 100 bytes long, then the stream ends
    garbage = channel.unary_unary("/peekaboox.v1.PeekabooX/CaptureDelta",
                                  request_serializer=lambda raw: raw, response_deserializer=lambda raw: raw)
    attempt("malformed", lambda: garbage(b"\x0a\x64abc", timeout=30))
    attempt("unimplemented", lambda: stub.ProbeDmaBuf(pb.ProbeDmaBufRequest(), timeout=30))
    attempt("dma_buf_probe", lambda: stub.CaptureBackends(
        pb.CaptureBackendsRequest(probe=pb.CAPTURE_BACKEND_PROBE_DMA_BUF), timeout=30))
    attempt("window_delta", lambda: stub.CaptureDelta(
        pb.CaptureDeltaRequest(stream_id="w", target=pb.CaptureTarget(window_id="0x1")), timeout=30))
    attempt("bad_region", lambda: stub.CaptureDelta(
        pb.CaptureDeltaRequest(stream_id="r", region=pb.Rect(x=0, y=0, width=0, height=0)), timeout=30))
    attempt("still_serving", lambda: stub.CaptureDelta(
        pb.CaptureDeltaRequest(stream_id="alive", region=pb.Rect(x=0, y=0, width=4, height=4)), timeout=60))
elif scenario == "desktop":
    title = sys.argv[4]
    def locate():
        return stub.DesktopLocate(pb.DesktopLocateRequest(app="zenity-entry", target="entry", window_title=title),
                                  timeout=60)
    located = None
    for _ in range(40):  # the window may still be appearing
        try:
            located = locate()
            break
        except grpc.RpcError:
            time.sleep(0.25)
    if located is None:
        attempt("locate", locate)
    else:
        emit("locate", app=located.app, target=located.target, x=located.point.x, y=located.point.y,
             width=located.rect.width, source=located.source)
    present = stub.DesktopAssert(pb.DesktopAssertRequest(app="zenity-entry", target="entry", window_title=title,
                                                         assertion=pb.DESKTOP_ASSERTION_KIND_PRESENT), timeout=60)
    emit("assert_present", verified=present.verified, action=present.action)
    attempt("assert_absent", lambda: stub.DesktopAssert(pb.DesktopAssertRequest(
        app="zenity-entry", target="entry", window_title=title, assertion=pb.DESKTOP_ASSERTION_KIND_NOT_PRESENT),
        timeout=60))
    attempt("assert_text", lambda: stub.DesktopAssert(pb.DesktopAssertRequest(
        app="zenity-entry", target="entry", window_title=title, assertion=pb.DESKTOP_ASSERTION_KIND_CONTAINS),
        timeout=60))
    attempt("vision_locate", lambda: stub.DesktopLocate(pb.DesktopLocateRequest(
        app="zenity-entry", target="entry", image_path="/tmp/none.png"), timeout=60))
    attempt("unknown_app", lambda: stub.DesktopLocate(pb.DesktopLocateRequest(app="no-such-app", target="entry"),
                                                      timeout=60))
elif scenario == "drag":
    # the zenity-scale profile's slider dragged from its middle to near its right end; the value read back by
    # pyatspi (Debian's python3-pyatspi), the independent oracle
    import pyatspi
    title = sys.argv[4]
    def slider_value():
        for app in pyatspi.Registry.getDesktop(0):
            for window in app or []:
                if window is not None and window.name == title:
                    found = pyatspi.findDescendant(window, lambda n: n.getRoleName() == "slider")
                    if found is not None:
                        return found.queryValue().currentValue
        return None
    request = dict(app="zenity-scale", target="slider", window_title=title,
                   from_ratio_x=0.5, from_ratio_y=0.5, to_ratio_x=0.97, to_ratio_y=0.5)
    before = None
    for _ in range(40):  # the window may still be appearing
        before = slider_value()
        if before is not None:
            break
        time.sleep(0.25)
    dry = stub.DesktopDrag(pb.DesktopDragRequest(dry_run=True, **request), timeout=60)
    emit("dry_run", action=dry.action, detail=dry.detail, value=slider_value())
    attempt("no_destination", lambda: stub.DesktopDrag(pb.DesktopDragRequest(
        app="zenity-scale", target="slider", window_title=title, from_ratio_x=0.5, from_ratio_y=0.5), timeout=60))
    # the real drag takes PeekabooX's duration_ms, signed in the drag as its path's duration
    request["duration_ms"] = 300
    # a coordinate fence that sees the screen change near the points refuses with no effect: tried again, at
    # most three times
    dragged = None
    for _ in range(3):
        try:
            dragged = stub.DesktopDrag(pb.DesktopDragRequest(**request), timeout=60)
            break
        except grpc.RpcError as refused:
            emit("refused", code=refused.code().name, details=refused.details())
            time.sleep(0.5)
    if dragged is None:
        attempt("drag", lambda: stub.DesktopDrag(pb.DesktopDragRequest(**request), timeout=60))
        sys.exit(0)
    after = None
    for _ in range(20):
        after = slider_value()
        if after is not None and before is not None and after > before:
            break
        time.sleep(0.1)
    emit("drag", action=dragged.action, detail=dragged.detail, before=before, after=after)
elif scenario == "token":
    request = pb.CaptureDeltaRequest(stream_id="t", region=pb.Rect(x=0, y=0, width=4, height=4))
    attempt("without_token", lambda: stub.CaptureDelta(request, timeout=30))
    attempt("wrong_token", lambda: stub.CaptureDelta(request, timeout=30, metadata=[("x-peekaboox-token", "nope")]))
    attempt("with_token", lambda: stub.CaptureDelta(request, timeout=60, metadata=metadata))
elif scenario == "bench":
    import time
    request = pb.ListWindowsRequest()
    samples = []
    for _ in range(int(sys.argv[4]) if len(sys.argv) > 4 else 50):
        start = time.perf_counter()
        try:
            stub.ListWindows(request, timeout=30)
        except grpc.RpcError:
            pass
        samples.append((time.perf_counter() - start) * 1000)
    samples.sort()
    emit("bench", p50_ms=samples[len(samples) // 2], p90_ms=samples[int(len(samples) * 0.9)])
