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
elif scenario == "profile":
    # a desktop profile's type-into over gRPC (the typed DesktopProfiles service), and its refusals (issue 35)
    title, text = sys.argv[4], sys.argv[5]
    listed = stub.DesktopProfiles(pb.DesktopProfilesRequest(app="zenity-entry", check=True), timeout=60)
    emit("profiles", schema=listed.schema_version, count=listed.count, ids=[p.id for p in listed.profiles],
         targets={t.name: t.accessibility_selector for p in listed.profiles for t in p.targets},
         checked=[p.availability.checked for p in listed.profiles],
         can_type=[t.name for p in listed.profiles for t in p.targets if t.can_type])
    def type_into(**more):
        request = dict(app="zenity-entry", target="entry", window_title=title, text=text, clear=True)
        request.update(more)
        answer = stub.DesktopTypeInto(pb.DesktopTypeIntoRequest(**request), timeout=60)
        emit("type_into" if not more else "type_into_" + "_".join(sorted(more)), detail=answer.detail,
             action=answer.action, app=answer.app)
    if text != "-":  # "-": only the refusals
        try:
            type_into()
        except grpc.RpcError as error:
            emit("type_into", code=error.code().name, details=error.details())
    attempt("unknown_profile", lambda: type_into(app="no-such-profile"))
    attempt("unknown_target", lambda: type_into(target="no-such-target"))
    attempt("unsupported_target", lambda: type_into(target="ok"))
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
elif scenario == "honesty":
    # every answer is the terminal the engine recorded; the pointer is read back by xdotool, the slider by pyatspi,
    # both independent of the daemon
    import subprocess
    import struct
    import zlib

    def pointer():
        out = subprocess.run(["xdotool", "getmouselocation", "--shell"], capture_output=True, text=True).stdout
        values = dict(line.split("=", 1) for line in out.split() if "=" in line)
        return [int(values["X"]), int(values["Y"])]

    subprocess.run(["xdotool", "mousemove", "20", "20"], check=True)
    attempt("move", lambda: stub.MoveMouse(pb.MoveMouseRequest(coordinates=pb.Point(x=300, y=300)), timeout=60))
    emit("pointer_after_move", at=pointer())
    # a newer client's field this daemon does not know (field 2 set to true): refused, not acted on in part
    raw_move = channel.unary_unary("/peekaboox.v1.PeekabooX/MoveMouse",
                                   request_serializer=lambda raw: raw, response_deserializer=lambda raw: raw)
    extra = pb.MoveMouseRequest(coordinates=pb.Point(x=310, y=310)).SerializeToString() + b"\x10\x01"
    attempt("move_with_unknown_field", lambda: raw_move(extra, timeout=60))
    emit("pointer_after_unknown_field", at=pointer())
    attempt("bad_key", lambda: stub.Hotkey(pb.HotkeyRequest(keys=["notakey+zz"]), timeout=60))
    attempt("click_in_no_window", lambda: stub.Click(
        pb.ClickRequest(coordinates=pb.Point(x=320, y=320), window_selector="No Such Window"), timeout=60))
    emit("pointer_after_click", at=pointer())
    attempt("empty_selector", lambda: stub.FindElement(pb.FindElementRequest(selector=",,,"), timeout=60))
    if len(sys.argv) > 4:
        import pyatspi
        title = sys.argv[4]

        def slider():
            for app in pyatspi.Registry.getDesktop(0):
                for window in app or []:
                    if window is not None and window.name == title:
                        found = pyatspi.findDescendant(window, lambda n: n.getRoleName() == "slider")
                        if found is not None:
                            return found
            return None

        node = None
        for _ in range(40):
            node = slider()
            if node is not None:
                break
            time.sleep(0.25)
        extents = node.queryComponent().getExtents(pyatspi.DESKTOP_COORDS)
        before = node.queryValue().currentValue
        y = extents.y + extents.height // 2
        start = pb.Point(x=extents.x + extents.width // 2, y=y)
        end = pb.Point(x=extents.x + extents.width - 4, y=y)
        dragged = None
        for _ in range(3):  # a coordinate fence that saw the screen change refuses with no effect
            try:
                dragged = stub.Drag(pb.DragRequest(**{"from": start, "to": end}), timeout=60)
                break
            except grpc.RpcError as refused:
                emit("drag_refused", code=refused.code().name, details=refused.details())
                time.sleep(0.5)
        after = before
        for _ in range(20):
            after = node.queryValue().currentValue
            if after > before:
                break
            time.sleep(0.1)
        emit("drag", ok=dragged is not None and dragged.ok, before=before, after=after,
             message=dragged.message if dragged else None)
        # the label above the slider: text that stays as it is while both read it
        region = pb.Rect(x=extents.x, y=max(0, extents.y - 60), width=extents.width, height=min(60, extents.y))
        ocr = stub.OcrScreen(pb.OcrScreenRequest(region=region), timeout=120)
        emit("ocr", text=ocr.text, blocks=len(ocr.blocks), backend=ocr.backend_name,
             region=[region.x, region.y, region.width, region.height])
        xid = subprocess.run(["xdotool", "search", "--name", title], capture_output=True, text=True).stdout.split()[0]
        shot = stub.CaptureScreen(pb.CaptureScreenRequest(target=pb.CaptureTarget(window_id=xid),
                                                          include_semantic_tree=True), timeout=60)
        emit("window_capture", roles=sorted({e.role for e in shot.semantic_tree}), backend=shot.metadata.backend,
             width=shot.metadata.width)
        delta = stub.CaptureDelta(pb.CaptureDeltaRequest(stream_id="window", target=pb.CaptureTarget(window_id=xid)),
                                  timeout=60)
        emit("window_delta", full_frame=delta.full_frame, width=delta.frame_width, height=delta.frame_height,
             region=[delta.capture_region.x, delta.capture_region.y, delta.capture_region.width,
                     delta.capture_region.height])

    def png(width, height, red):
        rows = b"".join(b"\x00" + bytes([red, 0, 0]) * width for _ in range(height))
        def chunk(kind, data):
            return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data) & 0xffffffff)
        return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(rows)) + chunk(b"IEND", b""))

    same = stub.CompareImages(pb.CompareImagesRequest(expected_image=png(8, 6, 200), actual_image=png(8, 6, 200)),
                              timeout=60)
    emit("compare_same", matches=same.matches, changed=same.changed_pixels, compared=same.compared_pixels)
    differ = stub.CompareImages(pb.CompareImagesRequest(expected_image=png(8, 6, 200), actual_image=png(8, 6, 10)),
                                timeout=60)
    emit("compare_differ", matches=differ.matches, changed=differ.changed_pixels, compared=differ.compared_pixels,
         bounds=[differ.changed_bounds.x, differ.changed_bounds.y, differ.changed_bounds.width,
                 differ.changed_bounds.height] if differ.HasField("changed_bounds") else None)
    listed = stub.ListWindows(pb.ListWindowsRequest(diagnose=True), timeout=60)
    emit("list_windows", reports=[r.backend_name for r in listed.backend_reports], windows=len(listed.windows))
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
