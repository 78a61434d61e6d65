// Placeholder until the page branch's version is merged.
document.getElementById("run").addEventListener("click", async () => {
  const program = document.getElementById("program").value;
  const response = await fetch("/api/run", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ program, format: "text" }),
  });
  const body = await response.json();
  document.getElementById("output").textContent = body.text ?? body.error?.message ?? "";
});
