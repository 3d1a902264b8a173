@tool
extends Node  # any tool script with a node in the tree, or your own EditorPlugin
## The README's code example, as it is there; the editor test runs it.


func make_jump() -> PackedStringArray:
	var client := SpritekilnClient.new()
	var settings := EditorInterface.get_editor_settings()
	client.base_url = settings.get_setting("spritekiln/server_url")
	client.api_key = settings.get_setting("spritekiln/api_key")
	add_child(client)

	var job_id := await client.create_job("zenith",
		{"mode": "image_to_video", "text": "jump", "frame": 36},
		{"images": "res://tests/fixtures/hero.png"})
	if job_id == "":
		push_error(client.last_error)  # e.g. "400: frame should be one of 36, 100"
		return []
	client.progress.connect(func(_id, fraction): print("%d%%" % (fraction * 100)))
	var job := await client.wait_job(job_id)  # {"status": "Succeed", "image_urls": [...], ...}
	if job.get("status") != "Succeed":
		push_error(client.last_error)
		return []
	var files := await client.download(job, "res://spritekiln/" + job_id)
	EditorInterface.get_resource_filesystem().scan()  # imports sheet.png; then load sprite_frames.tres
	client.queue_free()
	return files
