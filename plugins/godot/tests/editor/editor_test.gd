@tool
extends EditorPlugin
## Drives the Spritekiln dock inside the real editor, headless:
## `SPRITEKILN_EDITOR_TEST=1 godot --headless --editor --path <test copy>`, with this plugin enabled
## beside addons/spritekiln (test/plugins/godot/godot.test.ts enables it in the copy only). Same
## environment as tests/run.gd. Prints "N passed, N failed" and quits the editor with 0 or 1.
## With SPRITEKILN_EDITOR_TEST=screenshot (an editor that renders: under Xvfb, not --headless, whose
## renderer is a dummy with no pixels) it makes the README's picture instead: a job generated and
## assigned from the dock, the window saved to $SPRITEKILN_SCREENSHOT.
## Inert when SPRITEKILN_EDITOR_TEST is not set, so opening the folder as a project is harmless.

const SCENE := "res://tests/level.tscn"

var passed := 0
var failed := 0


func _enter_tree() -> void:
	match OS.get_environment("SPRITEKILN_EDITOR_TEST"):
		"1":
			_run.call_deferred()
		"screenshot":
			_screenshot.call_deferred()


func check(ok: bool, what: String) -> bool:
	if ok:
		passed += 1
		print("  ok   ", what)
	else:
		failed += 1
		print("  FAIL ", what)
	return ok


func _run() -> void:
	var url := OS.get_environment("SPRITEKILN_URL")
	var key := OS.get_environment("SPRITEKILN_KEY")
	var fs := EditorInterface.get_resource_filesystem()
	for i in 5:
		await get_tree().process_frame
	while fs.is_scanning():
		await get_tree().process_frame

	print("- the dock appears in the editor")
	var dock = EditorInterface.get_base_control().find_child("Spritekiln", true, false)
	if not check(dock != null and dock.is_inside_tree() and dock.plugin != null, "the Spritekiln dock is in the editor (%s)" % [dock.get_parent() if dock else null]):
		_finish()
		return
	var classes := ProjectSettings.get_global_class_list().filter(func(c: Dictionary) -> bool: return c["class"] == &"SpritekilnClient")
	check(classes.size() == 1 and classes[0].path == "res://addons/spritekiln/spritekiln_client.gd", "SpritekilnClient is a global class for tool scripts")
	check(EditorInterface.is_plugin_enabled("spritekiln"), "the Spritekiln plugin is enabled")

	print("- no server: the form says why it is empty")
	var down := OS.get_environment("SPRITEKILN_DOWN_URL")
	dock.set_server(down, key)
	var listed: Dictionary = await dock.refresh_kinds()
	var notice: String = dock.form.notice.text
	check(not listed.ok and dock.form.kinds.is_empty() and not dock.form.kind_select.visible and dock.form.inputs.is_empty(), "no kinds, no form: %s" % listed.message)
	check(dock.form.notice.visible and notice.begins_with("Cannot reach %s: is `npm start` running?" % down) and notice.contains("Check connection"), "the notice says what to do: " + notice)
	check(dock.generate_button.disabled, "Generate is disabled")
	var refused: Dictionary = await dock.generate()
	check(not refused.ok and refused.message == notice, "generate() says the same: " + refused.message)

	print("- settings live in EditorSettings, not in the project")
	dock.set_server(url, key)
	var settings := EditorInterface.get_editor_settings()
	check(settings.get_setting("spritekiln/server_url") == url and settings.get_setting("spritekiln/api_key") == key, "spritekiln/server_url and spritekiln/api_key saved")
	check(not ProjectSettings.has_setting("spritekiln/api_key") and not FileAccess.get_file_as_string("res://project.godot").contains(key), "the key is not in project.godot")

	print("- connection check")
	var res: Dictionary = await dock.check_connection()
	check(res.ok and dock.connection_label.text.begins_with("Connected to %s as " % url), dock.connection_label.text)
	dock.set_server(url, "sk_wrong")
	res = await dock.check_connection()
	check(not res.ok and dock.connection_label.text.begins_with("The API key was refused"), dock.connection_label.text)
	dock.set_server(url, key)

	print("- the job kinds come from the server's /openapi.json")
	listed = await dock.refresh_kinds()
	var kinds: Array = dock.form.kinds
	check(listed.ok and kinds.size() >= 10 and not dock.form.notice.visible and not dock.generate_button.disabled, listed.message)
	check(dock.form.kind_select.visible and dock.form.kind_select.item_count == kinds.size(), "the kind selector lists them")
	var names := {}
	for k in kinds:
		names[k.kind] = k.path
		dock.form.select_kind(k.kind)
		check(dock.form.inputs.keys() == k.fields.map(func(f: Dictionary) -> String: return f.name) and dock.form.current_kind() == k.kind, "a form for %s: %s" % [k.kind, dock.form.inputs.keys()])
	check(names.size() == kinds.size(), "each kind once")
	for twin in ["/generate/effect", "/sprite/character-overlay", "/sprite/make-sprite"]:
		check(not names.values().has(twin), "the deprecated twin %s is not offered" % twin)
	# make-sprite/v1 is named nowhere in the plugin (godot.test.ts checks): only the document has it.
	check(names.get("make-sprite/v1") == "/sprite/make-sprite/v1" and dock.form.select_kind("make-sprite/v1"), "make-sprite/v1 is offered")
	var inputs: Dictionary = dock.form.inputs
	var frame_options := []
	if inputs.has("frame") and inputs.frame.control is OptionButton:
		for i in inputs.frame.control.item_count:
			frame_options.append(inputs.frame.control.get_item_text(i))
	check(inputs.keys() == ["image", "text", "frame", "is_pixel"], "its fields: %s" % [inputs.keys()])
	check(inputs.get("image", {}).get("field", {}).get("type") == "file" and inputs.image.control is LineEdit, "image: a file field")
	check(inputs.get("text", {}).get("field", {}).get("type") == "text" and inputs.text.control is LineEdit, "text: a line")
	check(frame_options == ["25", "36", "49", "64", "81", "100", "121", "144", "169"], "frame: a required choice of %s" % [frame_options])
	check(inputs.get("is_pixel", {}).get("control") is CheckBox, "is_pixel: a required bool, a check box")
	dock.form.select_kind("character-overlay/v2")
	var rows: Control = dock.form.inputs.get("rows", {}).get("control")
	check(rows is TextEdit and rows.text.begins_with("[{\"row\": 1"), "overlay rows: a multiline field with an example")
	dock.form.select_kind("zenith")
	dock.form.set_field("text", "kept")
	await dock.check_connection()
	check(dock.form.current_kind() == "zenith" and dock.form.inputs.text.control.text == "kept", "Check connection reloads the same kinds without losing the input")

	print("- input from the selected node's texture")
	var root := await _open_level()
	if not check(root != null, "opened %s" % SCENE):
		_finish()
		return
	var selection := EditorInterface.get_selection()
	selection.clear()
	selection.add_node(root.get_node("Still"))
	dock.form.select_kind("zenith")
	dock.form.use_selected_texture("images")
	check(dock.form.inputs.images.control.text == "res://tests/fixtures/hero.png", "images = the Sprite2D's texture file: %s" % dock.form.inputs.images.control.text)

	print("- generate: multipart upload, progress, download into res://spritekiln/<job_id>/, import")
	dock.form.set_field("mode", "image_to_video")
	dock.form.set_field("text", "jump")
	dock.form.set_field("frame", 36)
	var out: Dictionary = await dock.generate()
	if not check(out.ok, "generate: %s" % out.message):
		_finish()
		return
	check(out.dir == "res://spritekiln/" + out.job_id and out.frames_path == out.dir + "/sprite_frames.tres", "files in %s" % out.dir)
	check(FileAccess.file_exists(out.dir + "/sheet.png.import"), "the editor imported sheet.png")
	var frames := load(out.frames_path) as SpriteFrames
	var anim: StringName = frames.get_animation_names()[0] if frames else &""
	check(frames != null and frames.get_frame_count(anim) == 36, "a SpriteFrames with 36 frames")
	check(frames != null and frames.get_frame_texture(anim, 0).atlas is CompressedTexture2D, "its frames use the imported sheet")

	print("- assign to the selected AnimatedSprite2D with undo/redo")
	var hero: AnimatedSprite2D = root.get_node("Hero")
	selection.clear()
	check(dock.assign_to_selected().begins_with("Select an AnimatedSprite2D"), "nothing selected: says what to select")
	selection.add_node(hero)
	var was_offset := hero.offset
	var was_centered := hero.centered
	var message: String = dock.assign_to_selected()
	check(hero.sprite_frames == frames and hero.animation == anim, "assigned: " + message)
	var sheet: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(out.dir + "/sheet.json"))
	var pivot := Vector2(sheet.meta.pivot.x, sheet.meta.pivot.y)
	check(not hero.centered and hero.offset == -pivot and pivot.y > 0, "placed by its ground point: offset %s for pivot %s" % [hero.offset, pivot])
	var undo_redo := EditorInterface.get_editor_undo_redo()
	var history := undo_redo.get_history_undo_redo(undo_redo.get_object_history_id(hero))
	check(history.get_current_action_name() == "Assign Spritekiln SpriteFrames", "one action in the scene's history")
	history.undo()
	check(hero.sprite_frames == null and hero.centered == was_centered and hero.offset == was_offset, "undo restores the node")
	history.redo()
	check(hero.sprite_frames == frames and hero.animation == anim, "redo assigns again")
	var other: AnimatedSprite2D = root.get_node("Other")
	var before: SpriteFrames = other.sprite_frames
	selection.clear()
	selection.add_node(other)
	dock.assign_to_selected()
	check(other.sprite_frames == frames and other.animation == anim, "a node with frames of its own gets the new ones")
	history.undo()
	check(other.sprite_frames == before and other.animation == &"run", "undo gives back its frames and its animation")

	print("- a kind only the document names: make-sprite/v1 from the dock")
	selection.clear()
	selection.add_node(root.get_node("Still"))
	dock.form.select_kind("make-sprite/v1")
	dock.form.use_selected_texture("image")
	dock.form.set_field("text", "attack")
	dock.form.set_field("frame", 25)
	dock.form.set_field("is_pixel", true)
	var v1: Dictionary = await dock.generate()
	if check(v1.ok, "generate make-sprite/v1: %s" % v1.message):
		var v1_frames := load(v1.frames_path) as SpriteFrames
		check(v1_frames != null and v1_frames.get_frame_count(v1_frames.get_animation_names()[0]) == 25, "a SpriteFrames with 25 frames (v1's sizes; v2 has no 25)")

	print("- the server's sprite_frames.tres loads after the editor's import")
	for case_name in DirAccess.get_directories_at("res://builder_cases"):
		var dir := "res://builder_cases/" + case_name
		var expect: Dictionary = JSON.parse_string(FileAccess.get_file_as_string(dir + "/expect.json"))
		var loaded := load(dir + "/sprite_frames.tres") as SpriteFrames
		var count := int(expect.animation_frames)
		var ok := loaded != null and loaded.get_frame_count(StringName(expect.animation)) == count
		check(ok and loaded.get_frame_texture(StringName(expect.animation), 0).atlas is CompressedTexture2D, "%s: %s has %d frames over the imported sheet" % [case_name, expect.animation, count])

	print("- the README's tool script example")
	var example: Node = load("res://tests/example_tool.gd").new()
	add_child(example)
	var written: PackedStringArray = await example.make_jump()
	example.queue_free()
	check(written.size() == 5 and written[0].begins_with("res://spritekiln/") and ",".join(written).contains("/sprite_frames.tres"), "make_jump() downloads the job: %s" % [written])

	print("- cancel while Pending")
	dock.set_server(OS.get_environment("SPRITEKILN_QUEUED_URL"), OS.get_environment("SPRITEKILN_QUEUED_KEY"))
	await dock.refresh_kinds()
	dock.client.poll_seconds = 1
	dock.form.select_kind("effect/v2")
	dock.form.set_field("description", "smoke")
	dock.form.set_field("frame", 4)
	var during := {}
	get_tree().create_timer(2.5).timeout.connect(func() -> void:
		during.bar = dock.progress_bar.visible
		during.status = dock.status_label.text
		during.cancel_enabled = not dock.cancel_button.disabled
		dock.cancel_button.pressed.emit())
	out = await dock.generate()
	check(during.get("bar", false) and str(during.get("status", "")).ends_with(": Pending") and during.get("cancel_enabled", false), "while Pending: progress bar, status, Cancel enabled (%s)" % [during])
	check(not out.ok and out.message.begins_with("Cancelled: stopped waiting for job"), out.message)
	check(not dock.busy and not dock.generate_button.disabled and dock.cancel_button.disabled, "the form is usable again")
	_finish()


## A scene with a Sprite2D (an input texture) and an AnimatedSprite2D (the target), opened for editing.
func _open_level() -> Node:
	var level := Node2D.new()
	level.name = "Level"
	var still := Sprite2D.new()
	still.name = "Still"
	still.position = Vector2(160, 140)
	still.scale = Vector2(3, 3)
	still.texture = load("res://tests/fixtures/hero.png")
	level.add_child(still)
	still.owner = level
	var hero := AnimatedSprite2D.new()
	hero.name = "Hero"
	hero.position = Vector2(360, 140)
	hero.scale = Vector2(3, 3)
	level.add_child(hero)
	hero.owner = level
	var other := AnimatedSprite2D.new()
	other.name = "Other"
	other.position = Vector2(560, 140)
	other.sprite_frames = SpriteFrames.new()
	other.sprite_frames.rename_animation(&"default", &"idle")
	other.sprite_frames.add_animation(&"run")
	other.animation = &"run"
	level.add_child(other)
	other.owner = level
	var packed := PackedScene.new()
	packed.pack(level)
	ResourceSaver.save(packed, SCENE)
	level.free()
	EditorInterface.open_scene_from_path(SCENE)
	for i in 5:
		await get_tree().process_frame
	return EditorInterface.get_edited_scene_root()


func _screenshot() -> void:
	var fs := EditorInterface.get_resource_filesystem()
	for i in 5:
		await get_tree().process_frame
	while fs.is_scanning():
		await get_tree().process_frame
	var dock = EditorInterface.get_base_control().find_child("Spritekiln", true, false)
	if not check(dock != null, "the dock is in the editor"):
		_finish()
		return
	dock.set_server(OS.get_environment("SPRITEKILN_URL"), OS.get_environment("SPRITEKILN_KEY"))
	await dock.check_connection()
	var root := await _open_level()
	EditorInterface.set_main_screen_editor("2D")
	var selection := EditorInterface.get_selection()
	selection.clear()
	selection.add_node(root.get_node("Still"))
	dock.form.select_kind("zenith")
	dock.form.use_selected_texture("images")
	dock.form.set_field("mode", "image_to_video")
	dock.form.set_field("text", "jump")
	dock.form.set_field("frame", 36)
	var out: Dictionary = await dock.generate()
	check(out.ok, out.message)
	selection.clear()
	selection.add_node(root.get_node("Hero"))
	check(dock.assign_to_selected().begins_with("Assigned"), "assigned")
	_show_dock(dock)
	# The editor redraws only on change (low processor mode): draw continuously so that the frames
	# awaited below are rendered ones. (RenderingServer.frame_post_draw never fires here: not awaited.)
	OS.low_processor_usage_mode = false
	for i in 30:
		await get_tree().process_frame
	var image := EditorInterface.get_base_control().get_viewport().get_texture().get_image()
	check(image != null and not image.is_empty() and image.save_png(OS.get_environment("SPRITEKILN_SCREENSHOT")) == OK, "screenshot saved")
	_finish()


## Brings the dock's tab to the front of its dock slot.
func _show_dock(dock: Control) -> void:
	var child: Node = dock
	while child.get_parent() and not child.get_parent() is TabContainer:
		child = child.get_parent()
	var tabs := child.get_parent() as TabContainer
	if tabs:
		tabs.current_tab = child.get_index()


func _finish() -> void:
	print("%d passed, %d failed" % [passed, failed])
	get_tree().quit(1 if failed > 0 else 0)
